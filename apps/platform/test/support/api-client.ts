import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenApiResponseValidator, type OpenApiDocument } from './openapi-response-validator';

/**
 * A thin HTTP client that drives the platform as an API user would. Every
 * response is held against the contract the gateway serves at
 * /openapi/public.json (issue 14 point 2): a response the document does not
 * describe throws, naming the operation, the status and the schema error, so
 * the suite fails on any drift.
 */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is (for malformed JSON and raw callbacks). */
  rawBody?: string | Buffer;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
}

/**
 * The served document is this generated file plus a `servers` entry
 * (platform-routes/openapi-document.ts). Read from disk, not fetched, so
 * holding responses to it costs the platform no request (nor a rate-limit hit).
 */
let contract: OpenApiResponseValidator | undefined;
const openApiContract = () =>
  (contract ??= new OpenApiResponseValidator(
    JSON.parse(readFileSync(join(__dirname, '../../../../libs/services/gateway/src/generated/openapi.json'), 'utf8')) as OpenApiDocument,
  ));

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    const res = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const drift = openApiContract().check({ method, path, status: res.status, contentType: res.headers.get('content-type'), text });
    if (drift) throw new Error(`The response is not the one the OpenAPI document describes: ${drift}`);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get = <T = any>(path: string, o?: RequestOptions) => this.request<T>('GET', path, o);
  post = <T = any>(path: string, o?: RequestOptions) => this.request<T>('POST', path, o);
  put = <T = any>(path: string, o?: RequestOptions) => this.request<T>('PUT', path, o);
  delete = <T = any>(path: string, o?: RequestOptions) => this.request<T>('DELETE', path, o);
}
