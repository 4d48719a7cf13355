// Rpm windows in Redis: the fixed one-minute window per key of src/api/orders/rate-limit.ts,
// counted by one script per request, so a budget is exact across every process that shares Redis.
// A create's window and its plan quota go in one script (hitAndReserve): one round trip, not two.
import type { QuotaReservation, RateLimitStore } from '../../../src/api/orders/deps.ts';
import type { RateDecision } from '../../../src/api/orders/rate-limit.ts';
import { redisScript, type RedisConnection } from './connection.ts';
import { quotaKeepMs, type RedisQuota } from './quota.ts';

const hit = redisScript('rate_limit_hit');
const hitAndReserve = redisScript('rate_limit_quota');
const windowMs = 60_000;

/** The script reply's quota, as the handler reads it (see scripts/rate_limit_quota.lua). */
const reservations: Record<number, QuotaReservation> = {
  1: 'reserved',
  0: 'spent',
  [-1]: 'ask',
  [-2]: 'ask',
};

/** Per-key rpm windows shared through Redis. */
export class RedisRateLimiter implements RateLimitStore {
  private readonly redis: RedisConnection;
  private readonly quota: RedisQuota | null;

  /** With `quota` (the same Redis), a create's window and quota are one script. */
  constructor(redis: RedisConnection, quota: RedisQuota | null = null) {
    this.redis = redis;
    this.quota = quota;
  }

  /** Counts one request for `keyId` against `limit` per minute; refused requests are not counted. */
  async hit(keyId: string, limit: number, nowMs: number): Promise<RateDecision> {
    const window = this.window(keyId, nowMs);
    const [allowed, used] = (await this.redis.run(hit, [window.key], [limit, window.keepMs])) as [
      number,
      number,
    ];
    return decision(allowed, used, limit, window.resetSeconds);
  }

  /** `hit`, and for an allowed request one order of `quota` this month reserved, in one script. */
  async hitAndReserve(
    keyId: string,
    limit: number,
    quota: number,
    nowMs: number,
  ): Promise<{ rate: RateDecision; quota: QuotaReservation }> {
    if (this.quota === null) return { rate: await this.hit(keyId, limit, nowMs), quota: 'ask' };
    const window = this.window(keyId, nowMs);
    const [allowed, used, reserved] = (await this.redis.run(
      hitAndReserve,
      [window.key, this.quota.counter(keyId, nowMs)],
      [limit, window.keepMs, quota, quotaKeepMs, this.quota.seeded],
    )) as [number, number, number];
    return {
      rate: decision(allowed, used, limit, window.resetSeconds),
      quota: reservations[reserved] ?? 'ask',
    };
  }

  /** The counter of `keyId`'s window at `nowMs`, how long it stays, and when the window resets. */
  private window(keyId: string, nowMs: number) {
    const start = nowMs - (nowMs % windowMs);
    return {
      key: `${this.redis.prefix}rpm:${keyId} ${start}`,
      // The counter outlives its window by a minute: a little clock skew between processes is harmless.
      keepMs: start + 2 * windowMs - nowMs,
      resetSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)),
    };
  }
}

function decision(allowed: number, used: number, limit: number, resetSeconds: number): RateDecision {
  return { allowed: allowed === 1, limit, remaining: Math.max(0, limit - used), resetSeconds };
}
