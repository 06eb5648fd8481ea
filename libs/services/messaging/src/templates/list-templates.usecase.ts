import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { addFieldError, INVALID_CURSOR, parsePageSize, throwIfInvalid, type FieldErrors } from '@mp/paging';
import type { Knex } from 'knex';
import { reachTemplates } from './template-access';
import { decodeTemplateCursor, encodeTemplateCursor } from './template-cursor';
import { toTemplate } from './template.mapper';
import { pageTemplates } from './templates.repository';

/**
 * GET /v1/templates: the account's templates, newest first, keyset-paged
 * like the message list (`pageSize` 1-200, default 50; a cursor is valid
 * only for the account's list it came from). Every bad field at once as VALIDATION_FAILED.
 */
export async function listTemplates(
  db: Knex,
  principal: Principal,
  request: messagingV1.ListTemplatesRequest,
): Promise<messagingV1.ListTemplatesResponse> {
  reachTemplates(principal, request.accountId, 'read');
  const errors: FieldErrors = {};
  const pageSize = parsePageSize(request.pageSize, errors);
  const after = request.cursor === undefined ? undefined : decodeTemplateCursor(request.accountId, request.cursor);
  if (request.cursor !== undefined && !after) addFieldError(errors, 'cursor', INVALID_CURSOR);
  throwIfInvalid(errors);

  const rows = await pageTemplates(db, { accountId: request.accountId, after, limit: pageSize + 1 });
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(({ cursor_created_at: _position, ...row }) => toTemplate(row)),
    nextCursor:
      rows.length > pageSize && last
        ? encodeTemplateCursor(request.accountId, { createdAt: last.cursor_created_at, templateId: last.template_id })
        : undefined,
  };
}
