// Rpm windows in Redis: the fixed one-minute window per key of src/api/orders/rate-limit.ts,
// counted by one script per request, so a budget is exact across every process that shares Redis.
import type { RateLimitStore } from '../../../src/api/orders/deps.ts';
import type { RateDecision } from '../../../src/api/orders/rate-limit.ts';
import { redisScript, type RedisConnection } from './connection.ts';

const hit = redisScript('rate_limit_hit');
const windowMs = 60_000;

/** Per-key rpm windows shared through Redis. */
export class RedisRateLimiter implements RateLimitStore {
  private readonly redis: RedisConnection;

  constructor(redis: RedisConnection) {
    this.redis = redis;
  }

  /** Counts one request for `keyId` against `limit` per minute; refused requests are not counted. */
  async hit(keyId: string, limit: number, nowMs: number): Promise<RateDecision> {
    const start = nowMs - (nowMs % windowMs);
    // The counter outlives its window by a minute: a little clock skew between processes is harmless.
    const keepMs = start + 2 * windowMs - nowMs;
    const [allowed, used] = (await this.redis.run(
      hit,
      [`${this.redis.prefix}rpm:${keyId} ${start}`],
      [limit, keepMs],
    )) as [number, number];
    const resetSeconds = Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000));
    return { allowed: allowed === 1, limit, remaining: Math.max(0, limit - used), resetSeconds };
  }
}
