import { isUuid, reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { findTemplate } from './templates.repository';
import type { TemplateRow } from './template.types';

/**
 * Templates belong to the account. A signed-in user of the account may read
 * them; managing them is account-wide, so a user limited to a subaccount
 * may read but not create or change one (NOT_FOUND, as every refusal of reach).
 */
export function reachTemplates(principal: Principal, accountId: string, use: 'read' | 'manage'): void {
  reachAccount(principal, { accountId, accountWide: use === 'manage' });
}

/** The account's template, or NOT_FOUND 'Template' (another account's id is not found either). */
export async function templateOf(q: Knex, accountId: string, templateId: string, options: { forUpdate?: boolean } = {}): Promise<TemplateRow> {
  if (!isUuid(templateId)) throw DomainError.notFound('Template');
  const row = await findTemplate(q, { accountId, templateId: templateId.toLowerCase() }, options);
  if (!row) throw DomainError.notFound('Template');
  return row;
}
