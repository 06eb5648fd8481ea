import type { Knex } from 'knex';

/** One replica's leases on one connection's bind slots. */
export interface LeaseScope {
  connection: string;
  /** The connection's `binds`: slots 0 .. binds-1 (rows past it, from a larger `binds` before, are never claimed). */
  binds: number;
  holder: string;
  leaseMs: number;
}

// Database time throughout: replicas' clocks may disagree, the database's is one.
const leaseEnd = `now() + (?::double precision * interval '1 millisecond')`;

/** The connection's slot rows, free, once (a replica started for a new connection or a larger `binds`). */
export async function seedSlots(db: Knex, scope: LeaseScope): Promise<void> {
  await db.raw(
    `insert into smpp_bind_leases (connection, slot, holder, expires_at)
     select ?, s, null, now() from generate_series(0, ?::integer - 1) as s
     on conflict (connection, slot) do nothing`,
    [scope.connection, scope.binds],
  );
}

/**
 * Says this replica is alive for the connection, extends every lease it
 * holds, and counts the live replicas (itself included). Returns the slots
 * it still holds: one missing was taken over after it ran out.
 */
export async function renewLeases(db: Knex, scope: LeaseScope): Promise<{ held: number[]; replicas: number }> {
  const { connection, holder, leaseMs, binds } = scope;
  await db.raw(
    `insert into smpp_bind_holders (connection, holder, expires_at) values (?, ?, ${leaseEnd})
     on conflict (connection, holder) do update set expires_at = excluded.expires_at`,
    [connection, holder, leaseMs],
  );
  const renewed = await db.raw(
    `update smpp_bind_leases set expires_at = ${leaseEnd} where connection = ? and holder = ? and slot < ? returning slot`,
    [leaseMs, connection, holder, binds],
  );
  // Replicas gone for a minute leave no row behind (every process start is a new holder).
  await db.raw(`delete from smpp_bind_holders where connection = ? and expires_at < now() - interval '1 minute'`, [connection]);
  const live = await db.raw(`select count(*)::integer as n from smpp_bind_holders where connection = ? and expires_at > now()`, [connection]);
  return { held: rowsOf<{ slot: number }>(renewed).map((r) => r.slot), replicas: rowsOf<{ n: number }>(live)[0]?.n ?? 1 };
}

/**
 * Takes one free or expired slot, or none. Atomic under concurrency: the
 * candidate row is locked (rows another claim holds are skipped) and the
 * update checks again that it is still free, so two replicas never both get it.
 */
export async function claimSlot(db: Knex, scope: LeaseScope): Promise<number | undefined> {
  const { connection, holder, leaseMs, binds } = scope;
  const claimed = await db.raw(
    `update smpp_bind_leases set holder = ?, expires_at = ${leaseEnd}
     where connection = ? and (holder is null or expires_at <= now())
       and slot = (select slot from smpp_bind_leases
                   where connection = ? and slot < ? and (holder is null or expires_at <= now())
                   order by slot limit 1 for update skip locked)
     returning slot`,
    [holder, leaseMs, connection, connection, binds],
  );
  return rowsOf<{ slot: number }>(claimed)[0]?.slot;
}

/** Frees slots this replica held (after their sessions unbound), at once rather than at expiry. */
export async function releaseSlots(db: Knex, scope: LeaseScope, slots: readonly number[]): Promise<void> {
  if (slots.length === 0) return;
  await db('smpp_bind_leases').where({ connection: scope.connection, holder: scope.holder }).whereIn('slot', slots).update({ holder: null, expires_at: db.fn.now() });
}

/** This replica no longer counts for the connection's share (it stopped). */
export async function leaveHolders(db: Knex, scope: LeaseScope): Promise<void> {
  await db('smpp_bind_holders').where({ connection: scope.connection, holder: scope.holder }).delete();
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
