import { blockedHostOf, canonicalIp, describeBlockedAddress, isBlockedAddress } from './blocked-address.rules';

/** The host `new URL()` makes of a spelling, as a delivery URL would carry it. */
const hostOf = (spelling: string) => new URL(`https://${spelling}/`).hostname.replace(/^\[(.*)\]$/, '$1');

/** [spelling in a URL, the address it normalises to, words the reason must hold] */
const BLOCKED: [string, string, string][] = [
  // Every spelling of loopback the URL parser accepts.
  ['127.0.0.1', '127.0.0.1', 'loopback'],
  ['2130706433', '127.0.0.1', 'loopback'],
  ['0x7f000001', '127.0.0.1', 'loopback'],
  ['0X7F000001', '127.0.0.1', 'loopback'],
  ['0177.0.0.1', '127.0.0.1', 'loopback'],
  ['017700000001', '127.0.0.1', 'loopback'],
  ['127.1', '127.0.0.1', 'loopback'],
  ['127.0.1', '127.0.0.1', 'loopback'],
  ['0x7f.1', '127.0.0.1', 'loopback'],
  ['0x7f.0.0.0x1', '127.0.0.1', 'loopback'],
  ['0177.1', '127.0.0.1', 'loopback'],
  ['127.0.0.1.', '127.0.0.1', 'loopback'],
  ['127.255.255.255', '127.255.255.255', 'loopback'],
  ['127.0.0.2', '127.0.0.2', 'loopback'],
  // Private (RFC 1918), edges included.
  ['10.0.0.0', '10.0.0.0', 'private (RFC 1918)'],
  ['10.255.255.255', '10.255.255.255', 'private (RFC 1918)'],
  ['167772165', '10.0.0.5', 'private (RFC 1918)'],
  ['0xa.0.0.5', '10.0.0.5', 'private (RFC 1918)'],
  ['012.0.0.5', '10.0.0.5', 'private (RFC 1918)'],
  ['172.16.0.0', '172.16.0.0', 'private (RFC 1918)'],
  ['172.31.255.255', '172.31.255.255', 'private (RFC 1918)'],
  ['192.168.0.0', '192.168.0.0', 'private (RFC 1918)'],
  ['192.168.255.255', '192.168.255.255', 'private (RFC 1918)'],
  ['0xc0a80001', '192.168.0.1', 'private (RFC 1918)'],
  ['192.168.257', '192.168.1.1', 'private (RFC 1918)'],
  // Link-local and the metadata service.
  ['169.254.169.254', '169.254.169.254', 'link-local'],
  ['2852039166', '169.254.169.254', 'link-local'],
  ['0xa9fea9fe', '169.254.169.254', 'link-local'],
  ['0251.0376.0251.0376', '169.254.169.254', 'link-local'],
  ['169.254.0.0', '169.254.0.0', 'link-local'],
  ['169.254.255.255', '169.254.255.255', 'link-local'],
  // Carrier-grade NAT.
  ['100.64.0.0', '100.64.0.0', 'carrier-grade NAT'],
  ['100.127.255.255', '100.127.255.255', 'carrier-grade NAT'],
  // Unspecified, "this network", multicast, reserved, broadcast and the rest.
  ['0.0.0.0', '0.0.0.0', 'unspecified'],
  ['0', '0.0.0.0', 'unspecified'],
  ['0x0', '0.0.0.0', 'unspecified'],
  ['0.1.2.3', '0.1.2.3', '"this network"'],
  ['224.0.0.0', '224.0.0.0', 'multicast'],
  ['224.0.0.251', '224.0.0.251', 'multicast'],
  ['239.255.255.255', '239.255.255.255', 'multicast'],
  ['240.0.0.0', '240.0.0.0', 'reserved'],
  ['254.255.255.255', '254.255.255.255', 'reserved'],
  ['255.255.255.255', '255.255.255.255', 'broadcast'],
  ['4294967295', '255.255.255.255', 'broadcast'],
  ['192.0.0.0', '192.0.0.0', 'IETF protocol assignments'],
  ['192.0.0.255', '192.0.0.255', 'IETF protocol assignments'],
  ['198.18.0.0', '198.18.0.0', 'benchmarking'],
  ['198.19.255.255', '198.19.255.255', 'benchmarking'],
  ['192.0.2.1', '192.0.2.1', 'documentation'],
  ['198.51.100.7', '198.51.100.7', 'documentation'],
  ['203.0.113.9', '203.0.113.9', 'documentation'],
  ['192.88.99.1', '192.88.99.1', '6to4 relay'],
  // IPv6 itself.
  ['[::1]', '::1', 'loopback'],
  ['[0:0:0:0:0:0:0:1]', '::1', 'loopback'],
  ['[::]', '::', 'unspecified'],
  ['[0::0]', '::', 'unspecified'],
  ['[fc00::1]', 'fc00::1', 'unique local'],
  ['[fd12:3456:789a::1]', 'fd12:3456:789a::1', 'unique local'],
  ['[fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique local'],
  ['[fe80::1]', 'fe80::1', 'link-local'],
  ['[febf:ffff::1]', 'febf:ffff::1', 'link-local'],
  ['[fec0::1]', 'fec0::1', 'site-local'],
  ['[ff02::1]', 'ff02::1', 'multicast'],
  ['[ff0e::1]', 'ff0e::1', 'multicast'],
  ['[100::1]', '100::1', 'discard-only'],
  ['[2001::1]', '2001::1', 'Teredo'],
  ['[2001:2::1]', '2001:2::1', 'benchmarking'],
  ['[2001:10::1]', '2001:10::1', 'IETF protocol assignments'],
  ['[2001:1ff::1]', '2001:1ff::1', 'IETF protocol assignments'],
  ['[2001:db8::1]', '2001:db8::1', 'documentation'],
  ['[3fff::1]', '3fff::1', 'documentation'],
  ['[64:ff9b:1::1]', '64:ff9b:1::1', 'local-use NAT64'],
  ['[4000::1]', '4000::1', 'not global unicast'],
  ['[1000::1]', '1000::1', 'not global unicast'],
  // IPv6 forms that reach a blocked IPv4 address, dotted and hex.
  ['[::ffff:127.0.0.1]', '::ffff:7f00:1', 'IPv4-mapped IPv6 form of 127.0.0.1, a loopback'],
  ['[::ffff:7f00:1]', '::ffff:7f00:1', 'IPv4-mapped IPv6 form of 127.0.0.1, a loopback'],
  ['[0:0:0:0:0:ffff:7f00:1]', '::ffff:7f00:1', 'IPv4-mapped IPv6 form of 127.0.0.1, a loopback'],
  ['[::FFFF:7F00:0001]', '::ffff:7f00:1', 'IPv4-mapped IPv6 form of 127.0.0.1, a loopback'],
  ['[::ffff:10.0.0.1]', '::ffff:a00:1', 'IPv4-mapped IPv6 form of 10.0.0.1, a private (RFC 1918)'],
  ['[::ffff:a9fe:a9fe]', '::ffff:a9fe:a9fe', 'IPv4-mapped IPv6 form of 169.254.169.254, a link-local'],
  ['[::ffff:0.0.0.0]', '::ffff:0:0', 'IPv4-mapped IPv6 form of 0.0.0.0, an unspecified'],
  ['[::127.0.0.1]', '::7f00:1', 'IPv4-compatible IPv6 form of 127.0.0.1, a loopback'],
  ['[::7f00:1]', '::7f00:1', 'IPv4-compatible IPv6 form of 127.0.0.1, a loopback'],
  ['[::10.0.0.1]', '::a00:1', 'IPv4-compatible IPv6 form of 10.0.0.1, a private'],
  ['[::93.184.216.34]', '::5db8:d822', 'deprecated IPv4-compatible'],
  ['[::ffff:0:127.0.0.1]', '::ffff:0:7f00:1', 'IPv4-translated IPv6 form of 127.0.0.1, a loopback'],
  ['[::ffff:0:93.184.216.34]', '::ffff:0:5db8:d822', 'IPv4-translated (SIIT)'],
  ['[64:ff9b::127.0.0.1]', '64:ff9b::7f00:1', 'NAT64 IPv6 form of 127.0.0.1, a loopback'],
  ['[64:ff9b::a9fe:a9fe]', '64:ff9b::a9fe:a9fe', 'NAT64 IPv6 form of 169.254.169.254, a link-local'],
  ['[2002:7f00:1::]', '2002:7f00:1::', '6to4 IPv6 form of 127.0.0.1, a loopback'],
  ['[2002:a00:1::1]', '2002:a00:1::1', '6to4 IPv6 form of 10.0.0.1, a private'],
  ['[2002:c0a8:101:1::1]', '2002:c0a8:101:1::1', '6to4 IPv6 form of 192.168.1.1, a private'],
];

const ALLOWED: [string, string][] = [
  ['93.184.216.34', '93.184.216.34'],
  ['1.1.1.1', '1.1.1.1'],
  ['8.8.8.8', '8.8.8.8'],
  ['1.2.3', '1.2.0.3'],
  ['1572395042', '93.184.216.34'],
  ['0x5db8d822', '93.184.216.34'],
  // Just outside each blocked IPv4 range.
  ['1.0.0.0', '1.0.0.0'],
  ['9.255.255.255', '9.255.255.255'],
  ['11.0.0.0', '11.0.0.0'],
  ['100.63.255.255', '100.63.255.255'],
  ['100.128.0.0', '100.128.0.0'],
  ['126.255.255.255', '126.255.255.255'],
  ['128.0.0.0', '128.0.0.0'],
  ['169.253.255.255', '169.253.255.255'],
  ['169.255.0.0', '169.255.0.0'],
  ['172.15.255.255', '172.15.255.255'],
  ['172.32.0.0', '172.32.0.0'],
  ['191.255.255.255', '191.255.255.255'],
  ['192.0.1.0', '192.0.1.0'],
  ['192.0.3.0', '192.0.3.0'],
  ['192.167.255.255', '192.167.255.255'],
  ['192.169.0.0', '192.169.0.0'],
  ['198.17.255.255', '198.17.255.255'],
  ['198.20.0.0', '198.20.0.0'],
  ['223.255.255.255', '223.255.255.255'],
  // Public IPv6, and IPv6 forms of a public IPv4 address (DNS64 answers NAT64 ones).
  ['[2606:4700::1111]', '2606:4700::1111'],
  ['[2001:4860:4860::8888]', '2001:4860:4860::8888'],
  ['[2001:200::1]', '2001:200::1'],
  ['[2a00:1450:4001:80b::200e]', '2a00:1450:4001:80b::200e'],
  ['[3ffe::1]', '3ffe::1'],
  ['[::ffff:93.184.216.34]', '::ffff:5db8:d822'],
  ['[64:ff9b::93.184.216.34]', '64:ff9b::5db8:d822'],
  ['[2002:5db8:d822::1]', '2002:5db8:d822::1'],
];

describe('blocked addresses, in every spelling a URL accepts', () => {
  it.each(BLOCKED)('%s (%s) is blocked as %s', (spelling, address, reason) => {
    const host = hostOf(spelling);
    expect(host).toBe(address);
    expect(isBlockedAddress(host)).toBe(true);
    expect(describeBlockedAddress(host)).toContain(reason);
    // The raw spelling too: the classifier normalises it the way the URL parser does.
    expect(isBlockedAddress(spelling)).toBe(true);
  });

  it.each(ALLOWED)('%s (%s) is allowed', (spelling, address) => {
    const host = hostOf(spelling);
    expect(host).toBe(address);
    expect(isBlockedAddress(host)).toBe(false);
    expect(describeBlockedAddress(host)).toBeUndefined();
    expect(isBlockedAddress(spelling)).toBe(false);
  });
});

describe('address text as DNS answers it', () => {
  it.each([
    ['::ffff:127.0.0.1', true],
    ['::ffff:93.184.216.34', false],
    ['fe80::1%eth0', true],
    ['2606:4700::1111%1', false],
    ['10.0.0.5', true],
  ])('%s blocked=%s', (ip, blocked) => expect(isBlockedAddress(ip)).toBe(blocked));

  it.each(['localhost', 'example.com', '', '127.0.0.1@93.184.216.34', '93.184.216.34/x', '1.2.3.4.5', '256.0.0.1', ':::1', '1::2::3', '[::1'])(
    'fails closed on %j, which is no IP address',
    (text) => {
      expect(canonicalIp(text)).toBeUndefined();
      expect(isBlockedAddress(text)).toBe(true);
      expect(describeBlockedAddress(text)).toBe('not an IP address');
    },
  );
});

describe('blockedHostOf, for endpoint URLs', () => {
  it.each([
    ['https://127.1/hooks', '127.0.0.1 is a loopback address'],
    ['https://2130706433:8443/', '127.0.0.1 is a loopback address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
    ['https://user:pw@10.0.0.5/', '10.0.0.5 is a private (RFC 1918) address'],
    ['https://[::ffff:7f00:1]/', '::ffff:7f00:1 is an IPv4-mapped IPv6 form of 127.0.0.1, a loopback address'],
    ['https://[::]/', ':: is an unspecified address'],
    ['https://0.0.0.0/', '0.0.0.0 is an unspecified address'],
  ])('%s: %s', (url, reason) => expect(blockedHostOf(url)).toBe(reason));

  it.each(['https://hooks.example.com/', 'https://93.184.216.34/', 'https://[2606:4700::1111]/', 'https://localhost/', 'not a url'])(
    '%s: nothing to refuse before resolution',
    (url) => expect(blockedHostOf(url)).toBeUndefined(),
  );
});
