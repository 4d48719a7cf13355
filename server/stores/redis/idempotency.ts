// Idempotency-Key claims in Redis, with the semantics of src/api/orders/idempotency.ts (in flight →
// 409, another body → 422, the same body → replay, 24 h from the order's creation), each step one
// script, so 50 concurrent requests with one key on any processes create one order. An in-flight
// claim expires after `inFlightMs` even if its process died mid-request and never released it, and
// a claim Redis runs only after the server gave up on it (frozen: the request was answered 503)
// claims nothing, and one whose reply comes after the server gave up (503) is given back by its own
// token, so the caller's retry is not refused 409 for a request that was never served.
import {
  isStoreUnavailable,
  StoreUnavailableError,
  type IdempotencyClaims,
} from '../../../src/api/orders/deps.ts';
import { randomId } from '../../../src/api/orders/ids.ts';
import { limits } from '../../../src/api/orders/contract.ts';
import type { IdempotencyClaim } from '../../../src/api/orders/idempotency.ts';
import { redisScript, type RedisConnection } from './connection.ts';
import { localMs } from './redis-clock.ts';

const claimScript = redisScript('idempotency_claim');
const completeScript = redisScript('idempotency_complete');
const releaseScript = redisScript('idempotency_release');
const restoreScript = redisScript('idempotency_restore');

/** How long an unfinished claim holds its key: longer than any request may take (30 s at most). */
export const inFlightMs = 60_000;

/** Idempotency records shared through Redis. */
export class RedisIdempotency implements IdempotencyClaims {
  private readonly redis: RedisConnection;

  constructor(redis: RedisConnection) {
    this.redis = redis;
  }

  /** Claims `key` for a request whose body hashes to `fingerprint`. */
  async claim(keyId: string, key: string, fingerprint: string, nowMs: number): Promise<IdempotencyClaim> {
    const sentMs = localMs();
    const record = this.record(keyId, key);
    // The claim's own token: a claim answered too late (503) is given back by it, and only it.
    const token = randomId('', 16);
    const args = [
      fingerprint,
      nowMs,
      limits.idempotencyWindowMs,
      inFlightMs,
      this.redis.clock.deadline(sentMs),
      token,
    ];
    let reply: [IdempotencyClaim['kind'] | 'late', ...(string | number)[]];
    try {
      reply = (await this.redis.run(claimScript, [record], args)) as typeof reply;
    } catch (error) {
      // Redis may still make the claim (it was sent, and is answered after the server gave up):
      // the release goes after it on the same connection, so the retry of a 503 is not refused 409.
      if (isStoreUnavailable(error))
        void this.redis.run(releaseScript, [record], [token]).catch(() => undefined);
      throw error;
    }
    this.redis.clock.sample(sentMs, Number(reply.at(-1)));
    const [kind, orderId] = reply;
    if (kind === 'late')
      throw new StoreUnavailableError('Redis ran the claim after its deadline: nothing claimed');
    return kind === 'replay' ? { kind, orderId: String(orderId) } : { kind };
  }

  /** Marks a claimed key as done: later requests replay `orderId`. */
  async complete(keyId: string, key: string, orderId: string, createdAtMs: number): Promise<void> {
    await this.redis.run(
      completeScript,
      [this.record(keyId, key)],
      [orderId, createdAtMs, limits.idempotencyWindowMs],
    );
  }

  /** Releases a claimed key whose request failed. */
  async release(keyId: string, key: string): Promise<void> {
    await this.redis.run(releaseScript, [this.record(keyId, key)], []);
  }

  /** Restores the record of an order the order store holds: the newest order for a key wins. */
  async restore(
    keyId: string,
    key: string,
    fingerprint: string,
    orderId: string,
    createdAtMs: number,
  ): Promise<void> {
    const args = [fingerprint, orderId, createdAtMs, limits.idempotencyWindowMs];
    await this.redis.run(restoreScript, [this.record(keyId, key)], args);
  }

  private record(keyId: string, key: string): string {
    return `${this.redis.prefix}idem:${keyId} ${key}`;
  }
}
