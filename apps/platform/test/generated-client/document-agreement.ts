import type { Middleware } from 'openapi-fetch';
import { OpenApiResponseValidator, type OpenApiDocument } from '../support/openapi-response-validator';

/**
 * Holds every exchange of a generated client against the served document with
 * the API suites' validator (the operation exists, the status is documented,
 * the media type is listed, the body matches its schema). Disagreements are
 * collected, not thrown, so a test shows them all at once.
 */
export interface Disagreement {
  exchange: string;
  problem: string;
}

export function documentAgreement(document: OpenApiDocument) {
  const validator = new OpenApiResponseValidator(document);
  const disagreements: Disagreement[] = [];
  const checked: string[] = [];
  const middleware: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const exchange = `${request.method} ${schemaPath} -> ${response.status}`;
      checked.push(exchange);
      const url = new URL(request.url);
      const problem = validator.check({
        method: request.method,
        path: url.pathname + url.search,
        status: response.status,
        contentType: response.headers.get('content-type'),
        text: await response.clone().text(),
      });
      if (problem) disagreements.push({ exchange, problem });
    },
  };
  return { middleware, disagreements, checked };
}
