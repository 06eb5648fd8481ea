import { stringify } from 'yaml';
import generated from '../generated/openapi.json';

const cache = new Map<string, { json: unknown; yaml: string }>();

/** The generated contract with this deployment's server URL; JSON and YAML built once. */
export function publicOpenApi(baseUrl: string): { json: unknown; yaml: string } {
  let doc = cache.get(baseUrl);
  if (!doc) {
    const json = { ...generated, servers: [{ url: baseUrl }] };
    doc = { json, yaml: stringify(json) };
    cache.set(baseUrl, doc);
  }
  return doc;
}
