import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { claimSlot, leaveHolders, releaseSlots, renewLeases, seedSlots, type LeaseScope } from './bind-lease.repository';

/** What the keeper drives: SmppCarrier with `bindLeases`. */
export interface LeasedBinds {
  openBind(slot: number): void;
  /** Unbinds `slot`; with `withinMs`, its session is closed by then whatever is in flight. */
  closeBind(slot: number, withinMs?: number): Promise<void>;
}

export interface BindLeaseKeeperOptions {
  db: Knex;
  connection: { name: string; binds: number };
  binds: LeasedBinds;
  /** This process (default `processHolderId`). */
  holder?: string;
  logger?: Logger;
  /** How long a lease lasts unrenewed: a replica gone without a word frees its slots after it (default 15 000 ms). */
  leaseMs?: number;
  /** How often leases are renewed and free slots looked for (default 5 000 ms). */
  renewMs?: number;
}

/** One id per process: its host (the pod's name) and pid, made unique across restarts. */
export const processHolderId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

interface Held {
  /** Local time until which the lease was last confirmed (from before the renewal was sent). */
  until: number;
  /** Given up for the share of a new replica: unbinding, still renewed until then. */
  shedding?: boolean;
  /** Its session has unbound: the next tick frees the slot (all database work stays in the tick). */
  unbound?: boolean;
}

/**
 * Keeps this replica's share of one SMPP connection's binds (issue 28 point
 * 6). Every renewMs it renews its leases and its presence, then evens out:
 * its share is ceil(binds / live replicas); below it, it claims free or
 * expired slots; above it (a replica joined), it unbinds one slot per tick
 * and frees it for the newcomer. A session opens only for a slot held; a
 * slot whose renewal cannot be confirmed before its lease ends (the database
 * unreachable) or that another replica has taken is closed at once. Stop
 * (after the carrier unbound) frees every slot it held for the others.
 */
export class BindLeaseKeeper {
  private readonly held = new Map<number, Held>();
  private readonly scope: LeaseScope;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private inFlight: Promise<void> | undefined;
  private seeded = false;
  private failing = false;
  private stopped = false;

  constructor(private readonly options: BindLeaseKeeperOptions) {
    this.leaseMs = options.leaseMs ?? 15_000;
    this.renewMs = options.renewMs ?? 5_000;
    this.scope = { connection: options.connection.name, binds: options.connection.binds, holder: options.holder ?? processHolderId, leaseMs: this.leaseMs };
  }

  get holder(): string {
    return this.scope.holder;
  }

  /** Slots this replica holds now. */
  get slots(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  start(): this {
    this.schedule(0);
    return this;
  }

  /** Stops renewing and frees the slots held (call once the carrier has unbound them) and its presence. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    const slots = this.slots;
    this.held.clear();
    try {
      await releaseSlots(this.options.db, this.scope, slots);
      await leaveHolders(this.options.db, this.scope);
    } catch (error) {
      this.options.logger?.warn('SMPP bind leases not freed at stop: they run out on their own', { connection: this.scope.connection, slots, error });
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => this.schedule(this.renewMs));
    }, ms);
    this.timer.unref();
  }

  /** One renewal and evening-out (the one in flight, if any: never two at once); never throws. */
  tick(): Promise<void> {
    this.inFlight ??= this.renewAndEvenOut().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async renewAndEvenOut(): Promise<void> {
    const sentAt = Date.now();
    const { db, logger } = this.options;
    try {
      if (!this.seeded) await seedSlots(db, this.scope);
      this.seeded = true;
      const shed = this.slots.filter((slot) => this.held.get(slot)!.unbound);
      await releaseSlots(db, this.scope, shed);
      for (const slot of shed) this.held.delete(slot);
      const { held, replicas } = await renewLeases(db, this.scope);
      if (this.failing) logger?.info('SMPP bind leases renewed again', { connection: this.scope.connection });
      this.failing = false;
      for (const slot of this.slots) if (!held.includes(slot)) this.lose(slot, 'taken over by another replica after it ran out');
      for (const slot of held) {
        const lease = this.held.get(slot);
        if (lease) lease.until = sentAt + this.leaseMs;
        else this.held.set(slot, { until: sentAt + this.leaseMs }); // a claim whose answer was lost
      }
      await this.evenOut(replicas, sentAt);
      // Idempotent: also reopens a slot whose open was refused meanwhile.
      for (const [slot, lease] of this.held) if (!lease.shedding) this.options.binds.openBind(slot);
    } catch (error) {
      if (!this.failing) logger?.warn('SMPP bind lease renewal failed', { connection: this.scope.connection, error });
      this.failing = true;
      // Close well before the lease can end unconfirmed (another replica may claim the slot then): the next
      // tick may come late on a busy machine, and the unbind itself takes a round trip.
      const margin = Math.max(this.renewMs, this.leaseMs / 2);
      for (const [slot, lease] of this.held) if (Date.now() + margin >= lease.until) this.lose(slot, 'its lease could not be renewed');
    }
  }

  private async evenOut(replicas: number, sentAt: number): Promise<void> {
    const share = Math.ceil(this.scope.binds / Math.max(1, replicas));
    const active = this.slots.filter((slot) => !this.held.get(slot)!.shedding);
    if (active.length > share) return this.shed(active[active.length - 1], share, replicas);
    for (let wanted = share - this.held.size; wanted > 0 && !this.stopped; wanted--) {
      const slot = await claimSlot(this.options.db, this.scope);
      if (slot === undefined) return;
      this.held.set(slot, { until: sentAt + this.leaseMs });
      this.options.logger?.info('SMPP bind lease taken', { connection: this.scope.connection, slot, holder: this.scope.holder, share, replicas });
    }
  }

  /** Unbinds the slot (its window drains), still renewing it meanwhile; the tick after frees it. */
  private shed(slot: number, share: number, replicas: number): void {
    const lease = this.held.get(slot)!;
    lease.shedding = true;
    this.options.logger?.info('SMPP bind lease given up for another replica', { connection: this.scope.connection, slot, share, replicas });
    void this.options.binds
      .closeBind(slot)
      .catch(() => undefined)
      .then(() => (lease.unbound = true));
  }

  /**
   * Closes the slot's session within half the lease time left (at once if none is): a drain as
   * long as the response timeout (30 s by default) would hold the bind past the lease, while
   * another replica may bind the slot (submissions cut short are resubmitted: at least once).
   */
  private lose(slot: number, why: string): void {
    const withinMs = Math.max(0, (this.held.get(slot)!.until - Date.now()) / 2);
    this.held.delete(slot);
    this.options.logger?.warn('SMPP bind lease lost: closing its session', { connection: this.scope.connection, slot, why, withinMs });
    void this.options.binds.closeBind(slot, withinMs).catch(() => undefined);
  }
}
