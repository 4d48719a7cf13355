// Monthly plan quotas in Redis: reserve and refund as in src/api/orders/quota.ts, one script each,
// so concurrent creates on any process never overshoot. A month's counter that Redis does not have
// (first use, or Redis lost its data) is seeded from the order store's count for that key and month
// when one is given, so a restarted Redis does not hand out the month's quota again.
import type { QuotaStore } from '../../../src/api/orders/deps.ts';
import { QuotaCounter } from '../../../src/api/orders/quota.ts';
import { monthBounds, type OrdersBetween } from '../order-lookups.ts';
import { redisScript, type RedisConnection } from './connection.ts';

const reserve = redisScript('quota_reserve');
const refund = redisScript('quota_refund');

/** Counters live two months: past the month they count, plus slack for clocks and refunds. */
export const quotaKeepMs = 62 * 86_400_000;
const keepMs = quotaKeepMs;

/** Per-key monthly order quotas shared through Redis. */
export class RedisQuota implements QuotaStore {
  private readonly redis: RedisConnection;
  private readonly seed: OrdersBetween | null;

  /** `seed` counts orders in the order store for a counter Redis lacks; null: a missing counter is zero. */
  constructor(redis: RedisConnection, seed: OrdersBetween | null = null) {
    this.redis = redis;
    this.seed = seed;
  }

  /** Reserves one order for `keyId`; false when `limit` orders were already counted this month. */
  async tryReserve(keyId: string, limit: number, nowMs: number): Promise<boolean> {
    const key = this.counter(keyId, nowMs);
    const seeded = this.seeded;
    let reply = (await this.redis.run(reserve, [key], [limit, keepMs, seeded])) as number;
    if (reply === -1 && this.seed !== null) {
      const [from, to] = monthBounds(nowMs);
      // Whoever seeds first wins; the others' identical count is not written (NX).
      await this.redis.setIfAbsent(key, String(await this.seed(keyId, from, to)), keepMs);
      reply = (await this.redis.run(reserve, [key], [limit, keepMs, '0'])) as number;
    }
    return reply === 1;
  }

  /** Gives back a reservation whose order was not created. */
  async refund(keyId: string, nowMs: number): Promise<void> {
    await this.redis.run(refund, [this.counter(keyId, nowMs)], []);
  }

  /** '1' when a counter Redis lacks is seeded from the order store (the scripts' seeding flag). */
  get seeded(): '0' | '1' {
    return this.seed === null ? '0' : '1';
  }

  /** The Redis key of `keyId`'s counter for the month of `nowMs`. */
  counter(keyId: string, nowMs: number): string {
    return `${this.redis.prefix}quota:${keyId} ${QuotaCounter.monthOf(nowMs)}`;
  }
}
