// Rpm windows in Redis: the fixed one-minute window per key of src/api/orders/rate-limit.ts,
// counted by a script, so a budget is exact across every process that shares Redis. A create's
// window and its plan quota are one item (hitAndReserve), and every request that asks during one
// turn of the event loop goes in one script call (scripts/rate_limit_many.lua, the items in the
// order they asked): one round trip and one socket write for a busy turn's requests, not one each.
// A call carries its deadline on Redis's clock: a call Redis runs only after the server gave up on
// it (frozen, or too slow: the requests were answered 503) counts nothing, so it spends no budget.
import type { QuotaReservation, RateLimitStore } from '../../../src/api/orders/deps.ts';
import type { RateDecision } from '../../../src/api/orders/rate-limit.ts';
import { StoreUnavailableError } from '../../../src/api/orders/deps.ts';
import { redisScript, type RedisConnection } from './connection.ts';
import { quotaKeepMs, type RedisQuota } from './quota.ts';
import { localMs } from './redis-clock.ts';

const many = redisScript('rate_limit_many');
const windowMs = 60_000;
/** Items in one script call at most; a busier turn sends several calls. */
export const itemsPerCall = 256;
/** The script reply's quota, as the handler reads it (see scripts/rate_limit_many.lua). */
const reservations: Record<number, QuotaReservation> = {
  1: 'reserved',
  0: 'spent',
  [-1]: 'ask',
  [-2]: 'ask',
};

/** One request's ask: its keys and values for the script, and who waits for its three numbers. */
interface Ask {
  keys: [string, string];
  args: (string | number)[];
  done: (reply: number[]) => void;
  fail: (error: unknown) => void;
}

/** Per-key rpm windows shared through Redis. */
export class RedisRateLimiter implements RateLimitStore {
  private readonly redis: RedisConnection;
  private readonly quota: RedisQuota | null;
  private waiting: Ask[] = [];

  /** With `quota` (the same Redis), a create's window and quota are one item. */
  constructor(redis: RedisConnection, quota: RedisQuota | null = null) {
    this.redis = redis;
    this.quota = quota;
  }

  /** Counts one request for `keyId` against `limit` per minute; refused requests are not counted. */
  async hit(keyId: string, limit: number, nowMs: number): Promise<RateDecision> {
    const window = this.window(keyId, nowMs);
    const [allowed = 0, used = 0] = await this.ask([window.key, window.key], [limit, window.keepMs, 0, 0, 0]);
    return decision(allowed, used, limit, window.resetSeconds);
  }

  /** `hit`, and for an allowed request one order of `quota` this month reserved, as one item. */
  async hitAndReserve(
    keyId: string,
    limit: number,
    quota: number,
    nowMs: number,
  ): Promise<{ rate: RateDecision; quota: QuotaReservation }> {
    if (this.quota === null) return { rate: await this.hit(keyId, limit, nowMs), quota: 'ask' };
    const window = this.window(keyId, nowMs);
    const [allowed = 0, used = 0, reserved = -2] = await this.ask(
      [window.key, this.quota.counter(keyId, nowMs)],
      [limit, window.keepMs, 1, quota, quotaKeepMs],
    );
    return {
      rate: decision(allowed, used, limit, window.resetSeconds),
      quota: reservations[reserved] ?? 'ask',
    };
  }

  /** Queues an item for this turn's script call; resolves with its three numbers. */
  private ask(keys: [string, string], args: (string | number)[]): Promise<number[]> {
    return new Promise((done, fail) => {
      if (this.waiting.length === 0) setImmediate(() => this.send());
      this.waiting.push({ keys, args, done, fail });
    });
  }

  /** Sends the turn's items, `itemsPerCall` to a script call, and answers each from its reply. */
  private send(): void {
    const asked = this.waiting;
    this.waiting = [];
    for (let from = 0; from < asked.length; from += itemsPerCall) {
      const items = asked.slice(from, from + itemsPerCall);
      const keys = items.flatMap((item) => item.keys);
      const sentMs = localMs();
      const deadline = this.redis.clock.deadline(sentMs);
      const args = [this.quota?.seeded ?? '0', deadline, ...items.flatMap((item) => item.args)];
      this.redis.run(many, keys, args).then(
        (answer) => {
          const reply = answer as number[];
          this.redis.clock.sample(sentMs, reply.at(-1) ?? 0);
          if (reply.length === 1) {
            const late = new StoreUnavailableError(
              'Redis ran the rate limits after their deadline: nothing counted',
            );
            items.forEach((item) => item.fail(late));
          } else items.forEach((item, i) => item.done(reply.slice(3 * i, 3 * i + 3)));
        },
        (error: unknown) => items.forEach((item) => item.fail(error)),
      );
    }
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
