import generated from '../generated/openapi.json';

/**
 * OpenAPI 3.0's `nullable` only widens the `type` written beside it: beside a
 * `$ref` or an `allOf: [$ref]` a strict validator (Stoplight Prism, ajv in
 * OpenAPI mode) ignores it and refuses the nulls the server sends. Every
 * nullable schema of the document is therefore written in place, with its
 * type, and a nullable enum lists null among its values (OpenAPI 3.0.3).
 * tools/scripts/gen-openapi.sh writes tsoa's nullable references so.
 */
type Node = Record<string, unknown>;

function misreadNullables(node: unknown, where: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const found: string[] = [];
  const schema = node as Node;
  if (schema.nullable === true) {
    if (schema.type === undefined) found.push(`${where}: nullable without a type`);
    for (const key of ['$ref', 'allOf', 'anyOf', 'oneOf']) if (key in schema) found.push(`${where}: nullable beside ${key}`);
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) found.push(`${where}: a nullable enum without null`);
  }
  for (const [key, value] of Object.entries(schema)) found.push(...misreadNullables(value, `${where}/${key}`));
  return found;
}

describe('nullable schemas of the published document', () => {
  it('are written so a strict OpenAPI 3.0 validator accepts null', () => {
    expect(misreadNullables(generated, '#')).toEqual([]);
  });

  it('the audit trail statuses and a channel preference decidedBy may be null', () => {
    const schemas = (generated as unknown as { components: { schemas: Record<string, { properties: Record<string, Node> }> } }).components.schemas;
    expect(schemas.AuditEntryResource.properties.fromStatus).toMatchObject({ type: 'string', nullable: true, enum: expect.arrayContaining([null, 'queued']) });
    expect(schemas.AuditEntryResource.properties.toStatus).toMatchObject({ type: 'string', nullable: true, enum: expect.arrayContaining([null]) });
    expect(schemas.ChannelPreferenceResource.properties.decidedBy).toMatchObject({ type: 'object', nullable: true, properties: expect.any(Object) });
  });

  it('finds a nullable reference where there is one (the check above can fail)', () => {
    const tsoaWrites = { allOf: [{ $ref: '#/components/schemas/MessageStatus' }], nullable: true, type: 'string' };
    expect(misreadNullables({ properties: { fromStatus: tsoaWrites } }, '#')).toEqual(['#/properties/fromStatus: nullable beside allOf']);
  });
});
