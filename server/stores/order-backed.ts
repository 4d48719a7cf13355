// Limits that fall back on the order store, which is the durable truth: an Idempotency-Key the
// claims store does not know (first use, a restarted process or Redis, or a claim whose completion
// was cut off by an outage) is looked up among the key's orders before a new order is made, and an
// in-memory quota counter starts from the orders the key already has this month. Used when orders
// live in Postgres; the journal rebuilds both from its replay instead.
import { limits } from '../../src/api/orders/contract.ts';
import type { IdempotencyClaims, QuotaStore } from '../../src/api/orders/deps.ts';
import type { IdempotencyClaim } from '../../src/api/orders/idempotency.ts';
import type { QuotaCounter } from '../../src/api/orders/quota.ts';
import {
  monthBounds,
  type FindIdempotent,
  type IdempotentOrder,
  type OrdersBetween,
} from './order-lookups.ts';

/** Claims that can also be restored from a stored order (IdempotencyStore, RedisIdempotency). */
export interface RestorableClaims extends IdempotencyClaims {
  restore(keyId: string, key: string, fingerprint: string, orderId: string, createdAtMs: number): unknown;
}

/** Idempotency claims checked against the order store before a key counts as new. */
export class OrderBackedIdempotency implements IdempotencyClaims {
  private readonly claims: RestorableClaims;
  private readonly find: FindIdempotent;

  constructor(claims: RestorableClaims, find: FindIdempotent) {
    this.claims = claims;
    this.find = find;
  }

  /** Claims `key`; a key new to the claims store but known to the order store replays or mismatches. */
  async claim(keyId: string, key: string, fingerprint: string, nowMs: number): Promise<IdempotencyClaim> {
    const claim = await this.claims.claim(keyId, key, fingerprint, nowMs);
    if (claim.kind !== 'new') return claim;
    let found: IdempotentOrder | undefined;
    try {
      found = await this.find(keyId, key, nowMs - limits.idempotencyWindowMs + 1);
    } catch (error) {
      // The order store is out: give the key back, so the retry the 503 invites can claim it.
      await Promise.resolve(this.claims.release(keyId, key)).catch(() => undefined);
      throw error;
    }
    if (found === undefined) return claim;
    await this.claims.release(keyId, key);
    await this.claims.restore(keyId, key, found.fingerprint, found.orderId, found.createdAtMs);
    return found.fingerprint === fingerprint
      ? { kind: 'replay', orderId: found.orderId }
      : { kind: 'mismatch' };
  }

  /** Marks a claimed key as done. */
  async complete(keyId: string, key: string, orderId: string, createdAtMs: number): Promise<void> {
    await this.claims.complete(keyId, key, orderId, createdAtMs);
  }

  /** Releases a claimed key whose request failed. */
  async release(keyId: string, key: string): Promise<void> {
    await this.claims.release(keyId, key);
  }
}

/**
 * One process's quota counter on top of the orders already stored: a key's first reservation in a
 * month reads how many orders it has this month, and the counter (which starts empty with the
 * process) then admits only what is left. Exact for one process, which in-memory limits imply.
 */
export class OrderBackedQuota implements QuotaStore {
  private readonly counter: QuotaCounter;
  private readonly count: OrdersBetween;
  /** Orders stored before this process's first reservation, per key and month. */
  private readonly stored = new Map<string, Promise<number>>();

  constructor(counter: QuotaCounter, count: OrdersBetween) {
    this.counter = counter;
    this.count = count;
  }

  /** Reserves one order for `keyId`; false when the month's stored and reserved orders reach `limit`. */
  async tryReserve(keyId: string, limit: number, nowMs: number): Promise<boolean> {
    const stored = await this.storedBefore(keyId, nowMs);
    return this.counter.tryReserve(keyId, limit - stored, nowMs);
  }

  /** Gives back a reservation whose order was not created. */
  refund(keyId: string, nowMs: number): void {
    this.counter.refund(keyId, nowMs);
  }

  private storedBefore(keyId: string, nowMs: number): Promise<number> {
    const [from, to] = monthBounds(nowMs);
    const slot = `${keyId} ${from}`;
    let stored = this.stored.get(slot);
    if (stored === undefined) {
      stored = this.count(keyId, from, to);
      this.stored.set(slot, stored);
      // A failed count (the order store is out) is asked again next time.
      stored.catch(() => this.stored.delete(slot));
    }
    return stored;
  }
}
