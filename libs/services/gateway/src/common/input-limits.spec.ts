import generated from '../generated/openapi.json';

/**
 * Every string a client sends in a JSON body, a path or a query has a
 * published maxLength (tsoa enforces the same bound: 400 naming the field).
 * Operations added later are covered without editing this test. Headers are
 * left out: Node bounds them (16 KiB in all) and each has its own check;
 * uploaded files are bounded by multer's size limit (5 MB, CONSENT_IMPORT_INVALID beyond).
 */
type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  maxLength?: number;
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

function unboundedStrings(schema: Schema, where: string, seen: ReadonlySet<string> = new Set()): string[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return seen.has(name) ? [] : unboundedStrings(doc.components.schemas[name], where, new Set([...seen, name]));
  }
  const found = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) => unboundedStrings(s, where, seen));
  // Uploaded files (format binary) are bounded by the upload limit instead (app/csv-upload.ts, 5 MB).
  if (schema.type === 'string' && schema.format !== 'binary' && !schema.enum && schema.maxLength === undefined) found.push(where);
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...unboundedStrings(property, `${where}.${name}`, seen));
  if (typeof schema.additionalProperties === 'object') found.push(...unboundedStrings(schema.additionalProperties, `${where}.*`, seen));
  if (schema.items) found.push(...unboundedStrings(schema.items, `${where}[]`, seen));
  return found;
}

describe('published input limits', () => {
  it('every string field of every operation (body, path, query) has a maxLength', () => {
    const unbounded: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'header') continue;
          checked += 1;
          unbounded.push(...unboundedStrings(parameter.schema ?? {}, `${name} ${parameter.in} ${parameter.name}`));
        }
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          checked += 1;
          unbounded.push(...unboundedStrings(content.schema, `${name} body`));
        }
      }
    }
    expect(unbounded).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });

  it('finds an unbounded string where there is one (the check above can fail)', () => {
    expect(unboundedStrings({ type: 'object', properties: { name: { type: 'string' }, kind: { type: 'string', enum: ['a'] } } }, 'x')).toEqual(['x.name']);
  });
});
