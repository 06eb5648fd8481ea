import { createDatabaseProvider, migrateDown, migrateLatest, type DatabaseProvider } from '@mp/db';
import { identityMigrations } from './index';

const SCHEMA = 'identity';
let databases: DatabaseProvider;

beforeAll(() => {
  databases = createDatabaseProvider({ dataDir: ':memory:' });
});
afterAll(() => databases.close());

const tables = async () =>
  (
    await databases
      .forSchema(SCHEMA)
      .select('table_name')
      .from('information_schema.tables')
      .where({ table_schema: SCHEMA })
      .whereNot('table_name', 'like', 'knex_%')
  )
    .map((r: { table_name: string }) => r.table_name)
    .sort();

describe('identity migrations', () => {
  it('are named <yyyymmddhhmmss>_<what> and ordered', () => {
    const names = identityMigrations.map((m) => m.name);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('migrate up, run the newest down and up again', async () => {
    const db = databases.forSchema(SCHEMA);
    await migrateLatest(db, SCHEMA, identityMigrations);
    expect(await tables()).toEqual([
      'account_security_policies',
      'accounts',
      'api_keys',
      'applied_subscription_events',
      'email_otps',
      'email_verification_tokens',
      'external_identities',
      'mfa_enrollment_tokens',
      'mfa_login_challenges',
      'mfa_recovery_codes',
      'mfa_totp_secrets',
      'outgoing_mail',
      'passkeys',
      'refresh_tokens',
      'sessions',
      'sign_in_failures',
      'signing_keys',
      'step_up_failures',
      'step_up_tokens',
      'subaccounts',
      'user_invitations',
      'users',
      'webauthn_challenges',
    ]);
    expect(await db.schema.hasColumn('accounts', 'subscription_updated_at')).toBe(true);
    await migrateDown(db, SCHEMA, identityMigrations);
    expect(await tables()).not.toContain('applied_subscription_events');
    expect(await db.schema.hasColumn('accounts', 'subscription_updated_at')).toBe(true);
    await migrateLatest(db, SCHEMA, identityMigrations);
    expect(await tables()).toContain('applied_subscription_events');
  });

  it('every migration reverts cleanly, newest first', async () => {
    const db = databases.forSchema(SCHEMA);
    await migrateLatest(db, SCHEMA, identityMigrations);
    for (let i = 0; i < identityMigrations.length; i++) await migrateDown(db, SCHEMA, identityMigrations);
    expect(await tables()).toEqual([]);
  });
});
