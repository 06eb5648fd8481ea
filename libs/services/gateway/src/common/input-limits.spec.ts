import generated from '../generated/openapi.json';

/**
 * Every string a client sends in a JSON body, a path, a query or a header has
 * a published maxLength, every array a maxItems and every number a minimum and
 * a maximum (tsoa enforces the same bounds: 400 naming the field; the served
 * document is held to them at run time by contract-limits.api.spec.ts).
 * Operations added later are covered without editing this test. Uploaded
 * files are bounded by multer's size limit (5 MB, CONSENT_IMPORT_INVALID beyond).
 */
type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = { parameters?: Array<{ in: string; name: string; schema?: Schema }>; requestBody?: { content: Record<string, { schema: Schema }> } };
const doc = generated as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

function unbounded(schema: Schema, where: string, seen: ReadonlySet<string> = new Set()): string[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return seen.has(name) ? [] : unbounded(doc.components.schemas[name], where, new Set([...seen, name]));
  }
  const found = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) => unbounded(s, where, seen));
  // Uploaded files (format binary) are bounded by the upload limit instead (app/csv-upload.ts, 5 MB).
  if (schema.type === 'string' && schema.format !== 'binary' && !schema.enum && schema.maxLength === undefined) found.push(`${where} (maxLength)`);
  if (schema.type === 'array' && schema.maxItems === undefined) found.push(`${where} (maxItems)`);
  if ((schema.type === 'integer' || schema.type === 'number') && (schema.minimum === undefined || schema.maximum === undefined)) {
    found.push(`${where} (minimum and maximum)`);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...unbounded(property, `${where}.${name}`, seen));
  if (typeof schema.additionalProperties === 'object') found.push(...unbounded(schema.additionalProperties, `${where}.*`, seen));
  if (schema.items) found.push(...unbounded(schema.items, `${where}[]`, seen));
  return found;
}

describe('published input limits', () => {
  it('every string, array and number of every operation (body, path, query, header) has a published bound', () => {
    const found: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          checked += 1;
          found.push(...unbounded(parameter.schema ?? {}, `${name} ${parameter.in} ${parameter.name}`));
        }
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          checked += 1;
          found.push(...unbounded(content.schema, `${name} body`));
        }
      }
    }
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });

  it('finds an unbounded string, array or number where there is one (the check above can fail)', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        kind: { type: 'string', enum: ['a'] },
        tags: { type: 'array', items: { type: 'string', maxLength: 5 } },
        count: { type: 'integer', minimum: 0 },
        ratio: { type: 'number', minimum: 0, maximum: 1 },
      },
    };
    expect(unbounded(schema, 'x')).toEqual(['x.name (maxLength)', 'x.tags (maxItems)', 'x.count (minimum and maximum)']);
  });
});
