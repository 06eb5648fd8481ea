import { Client } from 'pg';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432';

export interface FreshDatabase {
  url: string;
  /** A connection to it, for what a test checks in the stores. */
  query<R extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  release(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL of DATABASE_URL (CI) or the local
 * one, dropped on release; otherwise the reason there is none.
 */
export async function freshDatabase(prefix: string): Promise<FreshDatabase | string> {
  const server = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : new URL(LOCAL_POSTGRES);
  const at = (database: string) => Object.assign(new URL(server.href), { pathname: `/${database}` }).href;
  const admin = new Client({ connectionString: at('postgres') });
  try {
    await admin.connect();
  } catch (error) {
    return `no PostgreSQL at ${server.host} (${(error as Error).message})`;
  }
  const database = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${database}`);
  const client = new Client({ connectionString: at(database) });
  await client.connect();
  return {
    url: at(database),
    query: async (sql, params) => (await client.query(sql, params)).rows,
    async release() {
      await client.end();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
