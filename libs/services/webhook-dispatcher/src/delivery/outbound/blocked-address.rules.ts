import { isIPv4 } from 'node:net';

/**
 * Which addresses a webhook delivery may never connect to (SSRF): anything that
 * is not a public unicast address. Pure functions over address text; the
 * guarded lookup applies them to what DNS answered, the poster to literal hosts.
 *
 * Documentation ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24,
 * 2001:db8::/32, 3fff::/20) are blocked too: no real receiver lives there.
 */

interface Range {
  /** Address as 16-bit groups: two for IPv4, eight for IPv6. */
  base: number[];
  prefix: number;
  /** Completes "<address> is …". */
  phrase: string;
}

const ipv4Groups = (dotted: string) => {
  const [a, b, c, d] = dotted.split('.').map(Number);
  return [a * 256 + b, c * 256 + d];
};

const ipv4Text = ([hi, lo]: readonly number[]) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');

const v4 = (cidr: string, phrase: string): Range => {
  const [address, prefix] = cidr.split('/');
  return { base: ipv4Groups(address), prefix: Number(prefix), phrase };
};

/** Whether the first `prefix` bits of two group arrays agree. */
function inRange(groups: readonly number[], { base, prefix }: Range): boolean {
  for (let i = 0; prefix > 0; i++, prefix -= 16) {
    const mask = (0xffff << (16 - Math.min(16, prefix))) & 0xffff;
    if ((groups[i] & mask) !== (base[i] & mask)) return false;
  }
  return true;
}

// Most specific first: the first match names the address.
const IPV4_BLOCKED: readonly Range[] = [
  v4('0.0.0.0/32', 'an unspecified address'),
  // Linux connects 0.x.x.x to the local host.
  v4('0.0.0.0/8', 'a "this network" address'),
  v4('10.0.0.0/8', 'a private (RFC 1918) address'),
  v4('100.64.0.0/10', 'a carrier-grade NAT (RFC 6598) address'),
  v4('127.0.0.0/8', 'a loopback address'),
  // 169.254.169.254 is the cloud metadata service.
  v4('169.254.0.0/16', 'a link-local address'),
  v4('172.16.0.0/12', 'a private (RFC 1918) address'),
  v4('192.0.0.0/24', 'a special-purpose (IETF protocol assignments) address'),
  v4('192.0.2.0/24', 'a documentation address'),
  v4('192.88.99.0/24', 'a reserved (deprecated 6to4 relay) address'),
  v4('192.168.0.0/16', 'a private (RFC 1918) address'),
  v4('198.18.0.0/15', 'a benchmarking address'),
  v4('198.51.100.0/24', 'a documentation address'),
  v4('203.0.113.0/24', 'a documentation address'),
  v4('224.0.0.0/4', 'a multicast address'),
  v4('255.255.255.255/32', 'the broadcast address'),
  v4('240.0.0.0/4', 'a reserved address'),
];

const ipv4Phrase = (groups: readonly number[]) => IPV4_BLOCKED.find((r) => inRange(groups, r))?.phrase;

const v6 = (base: number[], prefix: number, phrase: string): Range => ({ base: [...base, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, 8), prefix, phrase });

// Checked after the forms carrying an IPv4 address, most specific first.
const IPV6_BLOCKED: readonly Range[] = [
  v6([0xfc00], 7, 'a unique local address'),
  v6([0xfe80], 10, 'a link-local address'),
  v6([0xfec0], 10, 'a site-local (deprecated) address'),
  v6([0xff00], 8, 'a multicast address'),
  v6([0x0100], 64, 'a discard-only address'),
  v6([0x0064, 0xff9b, 0x0001], 48, 'a local-use NAT64 (RFC 8215) address'),
  v6([0x2001], 32, 'a Teredo tunnelling address'),
  v6([0x2001, 0x0002], 48, 'a benchmarking address'),
  v6([0x2001], 23, 'a special-purpose (IETF protocol assignments) address'),
  v6([0x2001, 0x0db8], 32, 'a documentation address'),
  v6([0x3fff], 20, 'a documentation address'),
];

/** The eight 16-bit groups of a WHATWG-serialised IPv6 address (hex groups, at most one "::"). */
function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const zeros = 8 - head.length - tail.length;
  if (halves.length === 1 ? zeros !== 0 : zeros < 1) return undefined;
  const groups = [...head, ...Array<string>(zeros).fill('0'), ...tail].map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  return groups.some(Number.isNaN) ? undefined : groups;
}

const isZero = (groups: readonly number[], from: number, to: number) => groups.slice(from, to).every((g) => g === 0);

/** An IPv6 address carrying an IPv4 one: judged by the IPv4 address it reaches. */
function embeddedIpv4Phrase(form: string, ipv4: readonly number[]): string | undefined {
  const phrase = ipv4Phrase(ipv4);
  return phrase && `an ${form} IPv6 form of ${ipv4Text(ipv4)}, ${phrase}`;
}

function ipv6Phrase(g: readonly number[]): string | undefined {
  if (isZero(g, 0, 8)) return 'an unspecified address';
  if (isZero(g, 0, 7) && g[7] === 1) return 'a loopback address';
  // ::ffff:a.b.c.d connects over IPv4 to a.b.c.d.
  if (isZero(g, 0, 5) && g[5] === 0xffff) return embeddedIpv4Phrase('IPv4-mapped', g.slice(6));
  // ::a.b.c.d (deprecated) and ::ffff:0:a.b.c.d (SIIT): never a real receiver, whatever they carry.
  if (isZero(g, 0, 6)) return embeddedIpv4Phrase('IPv4-compatible', g.slice(6)) ?? 'a deprecated IPv4-compatible address';
  if (isZero(g, 0, 4) && g[4] === 0xffff && g[5] === 0) {
    return embeddedIpv4Phrase('IPv4-translated', g.slice(6)) ?? 'an IPv4-translated (SIIT) address';
  }
  // NAT64 gateways connect to the embedded address (DNS64 answers these for public hosts).
  if (g[0] === 0x64 && g[1] === 0xff9b && isZero(g, 2, 6)) return embeddedIpv4Phrase('NAT64', g.slice(6));
  // 6to4 relays route 2002:AABB:CCDD::/48 to AA.BB.CC.DD.
  if (g[0] === 0x2002) return embeddedIpv4Phrase('6to4', g.slice(1, 3));
  const range = IPV6_BLOCKED.find((r) => inRange(g, r));
  if (range) return range.phrase;
  // Only 2000::/3 is global unicast.
  if (g[0] < 0x2000 || g[0] > 0x3fff) return 'a reserved (not global unicast) address';
  return undefined;
}

/**
 * The WHATWG URL spelling of an IP address (what `new URL()` makes of a host:
 * `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1` all become `127.0.0.1`; IPv6 in
 * compressed hex), or undefined when `text` is not an IP address. Accepts
 * brackets and a zone id (`fe80::1%eth0`, as DNS may answer).
 */
export function canonicalIp(text: string): { version: 4 | 6; address: string } | undefined {
  let t = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (t.includes(':')) t = t.replace(/%.*$/, '');
  // Nothing a URL parser could read as userinfo, port or path.
  if (!/^[0-9a-fx.:]+$/i.test(t)) return undefined;
  try {
    if (t.includes(':')) return { version: 6, address: new URL(`http://[${t}]/`).hostname.slice(1, -1) };
    const host = new URL(`http://${t}/`).hostname;
    return isIPv4(host) ? { version: 4, address: host } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why `ip` is blocked, completing "<ip> is …" ("a loopback address",
 * "an IPv4-mapped IPv6 form of 10.0.0.1, a private (RFC 1918) address"), or
 * undefined for a public address. Text that is not an IP address is blocked.
 */
export function describeBlockedAddress(ip: string): string | undefined {
  const canonical = canonicalIp(ip);
  if (!canonical) return 'not an IP address';
  if (canonical.version === 4) return ipv4Phrase(ipv4Groups(canonical.address));
  const groups = ipv6Groups(canonical.address);
  return groups ? ipv6Phrase(groups) : 'not an IP address';
}

/** Whether a delivery must never connect to `ip` (IPv4 or IPv6 text, as DNS or a URL gives it). */
export function isBlockedAddress(ip: string): boolean {
  return describeBlockedAddress(ip) !== undefined;
}

/**
 * For a URL whose host is a blocked IP literal (after WHATWG normalisation),
 * the reason, such as "127.0.0.1 is a loopback address"; undefined for a host
 * name (judged when it resolves), a public address or an unparsable URL.
 */
export function blockedHostOf(url: string): string | undefined {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return undefined;
  }
  const literal = canonicalIp(hostname);
  if (!literal) return undefined;
  const phrase = describeBlockedAddress(literal.address);
  return phrase && `${literal.address} is ${phrase}`;
}
