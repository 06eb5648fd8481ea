import { judge } from './prism-report';

describe("judging what Stoplight Prism's proxy reported", () => {
  const violation = (location: string[], message: string) => ({ location, severity: 'Error', code: 'type', message });

  it('counts every answer checked and fails on nothing when Prism found nothing', () => {
    expect(judge([{ method: 'GET', path: '/v1/numbers', status: 200, violations: [] }])).toEqual({ checked: 1, responseViolations: [], requestViolations: [] });
  });

  it('reports each response violation, and each kind of request violation once with how often it was seen', () => {
    const id = '0b6e7a9e-54b7-4d5c-9a57-2f6b2a1f1c11';
    const other = '5e0c3d2a-1b2c-4d5e-8f90-123456789abc';
    const result = judge([
      { method: 'GET', path: `/v1/accounts/${id}/messages/${id}`, status: 200, violations: [violation(['response', 'body', 'auditTrail', '0', 'fromStatus'], 'must be string')] },
      { method: 'POST', path: `/v1/accounts/${id}/messages`, status: 400, violations: [violation(['request', 'body', 'clientReference'], 'must NOT have more than 128 characters')] },
      { method: 'POST', path: `/v1/accounts/${other}/messages`, status: 400, violations: [violation(['request', 'body', 'clientReference'], 'must NOT have more than 128 characters')] },
    ]);
    expect(result.checked).toBe(3);
    expect(result.responseViolations).toEqual([`GET /v1/accounts/${id}/messages/${id} 200 response.body.auditTrail.0.fromStatus: must be string`]);
    expect(result.requestViolations).toEqual([
      { what: 'POST /v1/accounts/{id}/messages -> 400: request.body.clientReference: must NOT have more than 128 characters', times: 2 },
    ]);
  });
});
