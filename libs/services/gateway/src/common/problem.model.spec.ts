import { PROBLEM_BASE_FIELDS, PROBLEM_EXTENSION_FIELDS } from '@mp/problems';
import generated from '../generated/openapi.json';

type Schema = { type?: string; format?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; $ref?: string };
const schemas = (generated as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;
const problem = schemas.Problem;

/** Spec 2.8, field by field: name and published type (format where the spec gives one). */
const SPEC_2_8: Record<string, string> = {
  type: 'string',
  title: 'string',
  status: 'integer',
  code: 'string',
  traceId: 'string',
  detail: 'string',
  instance: 'string',
  errors: 'object',
  retryAfterSeconds: 'integer',
  dailyRemaining: 'integer',
  monthlyRemaining: 'integer',
  attemptsRemaining: 'integer',
  authScheme: 'string',
  mfaToken: 'string',
  mfaTokenExpiresAt: 'string date-time',
  mfaMethods: 'array',
  enrollmentToken: 'string',
  enrollmentTokenExpiresAt: 'string date-time',
  externalEmail: 'string email',
  paymentIntentId: 'string',
  action: 'string',
  reason: 'string',
  accountId: 'string uuid',
  compatibleProviders: 'array',
};

describe('the published problem schema (spec 2.8)', () => {
  it('has exactly the members of the one model in libs/shared/problems: no extension missing, none extra', () => {
    expect(Object.keys(problem.properties ?? {}).sort()).toEqual([...PROBLEM_BASE_FIELDS, ...PROBLEM_EXTENSION_FIELDS].sort());
    expect(problem.required?.sort()).toEqual(['code', 'status', 'title', 'traceId', 'type']);
  });

  it('publishes every field of spec 2.8 with its type', () => {
    for (const [field, type] of Object.entries(SPEC_2_8)) {
      const published = problem.properties?.[field];
      const kind = published?.$ref ? 'object' : [published?.type, published?.format].filter((p) => p && p !== 'int32').join(' ');
      expect({ field, type: kind }).toEqual({ field, type });
    }
  });

  it('is the body every documented error response refers to', () => {
    const paths = (generated as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>> }).paths;
    let errors = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          errors += 1;
          const ref = Object.values(response.content ?? {})[0]?.schema.$ref;
          expect({ at: `${method} ${path} ${status}`, ref }).toEqual({ at: `${method} ${path} ${status}`, ref: '#/components/schemas/Problem' });
        }
      }
    }
    expect(errors).toBeGreaterThan(100);
  });
});
