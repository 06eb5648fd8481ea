/** One environment variable: how to read it, its default, whether it is secret. */
export interface Field<T> {
  readonly description: string;
  readonly secret: boolean;
  readonly optional: boolean;
  /** Returns the parsed value or throws an Error whose message says what is wrong. */
  parse(raw: string | undefined): T;
}

interface Options<T> {
  description?: string;
  default?: T;
  secret?: boolean;
}

function field<T>(opts: Options<T> & { optional?: boolean }, convert: (raw: string) => T): Field<T> {
  return {
    description: opts.description ?? '',
    secret: opts.secret ?? false,
    optional: opts.optional ?? false,
    parse(raw) {
      if (raw === undefined || raw === '') {
        if (opts.default !== undefined) return opts.default;
        if (opts.optional) return undefined as T;
        throw new Error('is required');
      }
      return convert(raw.trim());
    },
  };
}

export const str = (opts: Options<string> = {}) => field<string>(opts, (v) => v);

export const optionalStr = (opts: Omit<Options<string>, 'default'> = {}) =>
  field<string | undefined>({ ...opts, optional: true }, (v) => v);

export const int = (opts: Options<number> & { min?: number; max?: number } = {}) =>
  field<number>(opts, (v) => {
    if (!/^-?\d+$/.test(v)) throw new Error(`must be a whole number, got "${v}"`);
    const n = Number(v);
    if (opts.min !== undefined && n < opts.min) throw new Error(`must be at least ${opts.min}, got ${n}`);
    if (opts.max !== undefined && n > opts.max) throw new Error(`must be at most ${opts.max}, got ${n}`);
    return n;
  });

/** A whole number that may be left unset (e.g. a limit where unset means none). */
export const optionalInt = (opts: Omit<Options<number>, 'default'> & { min?: number; max?: number } = {}) =>
  field<number | undefined>({ ...opts, optional: true }, (v) => int(opts).parse(v));

export const bool = (opts: Options<boolean> = {}) =>
  field<boolean>(opts, (v) => {
    const lower = v.toLowerCase();
    if (['true', '1', 'yes'].includes(lower)) return true;
    if (['false', '0', 'no'].includes(lower)) return false;
    throw new Error(`must be true or false, got "${v}"`);
  });

type Opt<O, T> = O extends { optional: true } ? T | undefined : T;

export const list = <O extends Options<string[]> & { optional?: boolean }>(opts: O = {} as O) =>
  field<Opt<O, string[]>>(opts as Options<Opt<O, string[]>>, (v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  );

export const url = <O extends Options<string> & { protocols?: string[]; optional?: boolean }>(opts: O = {} as O) =>
  field<Opt<O, string>>(opts as Options<Opt<O, string>>, (v) => {
    let parsed: URL;
    try {
      parsed = new URL(v);
    } catch {
      throw new Error(`must be a URL, got "${v}"`);
    }
    if (opts.protocols && !opts.protocols.includes(parsed.protocol.replace(/:$/, ''))) {
      throw new Error(`must use ${opts.protocols.join(' or ')}, got "${parsed.protocol}"`);
    }
    return v.replace(/\/+$/, '');
  });

export const oneOf = <T extends string>(values: readonly T[], opts: Options<T> = {}) =>
  field<T>(opts, (v) => {
    if (!values.includes(v as T)) throw new Error(`must be one of ${values.join(', ')}, got "${v}"`);
    return v as T;
  });

const HOST_PORT = '[A-Za-z0-9.\\-_[\\]:]+:\\d{1,5}';
/**
 * A gRPC target: host:port, or one of gRPC's name-resolver forms for several replicas, whose
 * addresses calls are balanced over: `dns:///host:port` (every address of the name, e.g. a headless
 * Service) or `ipv4:a:port,b:port` (a fixed list).
 */
const GRPC_TARGET = new RegExp(`^(?:${HOST_PORT}|dns:(?://[^/]*/)?${HOST_PORT}|ipv[46]:${HOST_PORT}(?:,${HOST_PORT})*)$`);

/** host:port, or a gRPC target naming several replicas (see GRPC_TARGET). */
export const hostPort = <O extends Options<string> & { optional?: boolean }>(opts: O = {} as O) =>
  field<Opt<O, string>>(opts as Options<Opt<O, string>>, (v) => {
    if (!GRPC_TARGET.test(v)) throw new Error(`must be host:port (or a gRPC target: dns:///host:port, ipv4:a:port,b:port), got "${v}"`);
    return v;
  });

/** A JSON document (validated by the caller's converter). */
export const json = <T>(convert: (value: unknown) => T, opts: Options<T> = {}) =>
  field<T>(opts, (v) => {
    let value: unknown;
    try {
      value = JSON.parse(v);
    } catch {
      throw new Error('must be valid JSON');
    }
    return convert(value);
  });
