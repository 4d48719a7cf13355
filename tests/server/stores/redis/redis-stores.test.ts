// What only the Redis stores must do: stay exact when several processes (here, connections) share
// a budget, seed a month's quota counter that Redis lacks from the order store, answer
// StoreUnavailableError quickly while Redis is out, then recover on their own once it is back, and
// claim nothing for a request they gave up on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RateDecision } from '../../../../src/api/orders/rate-limit.ts';
import { isStoreUnavailable } from '../../../../src/api/orders/deps.ts';
import { RedisConnection } from '../../../../server/stores/redis/connection.ts';
import { RedisIdempotency } from '../../../../server/stores/redis/idempotency.ts';
import { monthBounds } from '../../../../server/stores/order-lookups.ts';
import { RedisQuota } from '../../../../server/stores/redis/quota.ts';
import { itemsPerCall, RedisRateLimiter } from '../../../../server/stores/redis/rate-limit.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';
import { until } from '../../../helpers/poll.ts';

const now = Date.UTC(2026, 10, 15, 10, 30);
let prefixes = 0;

/** Settles within `ms` or fails: a store must never leave a request hanging. */
async function within<T>(ms: number, work: Promise<T>): Promise<PromiseSettledResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([
      Promise.allSettled([work]).then(([settled]) => settled as PromiseSettledResult<T>),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Expects `work` to fail with StoreUnavailableError within the command deadline and a margin. */
async function expectUnavailable(work: Promise<unknown>): Promise<void> {
  const settled = await within(2_500, work);
  expect(settled.status).toBe('rejected');
  expect(isStoreUnavailable((settled as PromiseRejectedResult).reason)).toBe(true);
}

/** Whether `work` succeeds (polled until a store answers again). */
const succeeds = (work: Promise<unknown>) =>
  work.then(
    () => true,
    () => false,
  );

describe.skipIf(!enginesAvailable())('the Redis stores', () => {
  const engines = useEngines();
  const connections: RedisConnection[] = [];
  afterEach(async () => {
    await engines.redis().start();
    await Promise.all(connections.splice(0).map((c) => c.close()));
  });
  /** `count` connections (as separate processes would hold) sharing one fresh prefix. */
  function processes(count: number): RedisConnection[] {
    const prefix = `t${++prefixes}:`;
    const opened = Array.from({ length: count }, () => new RedisConnection(engines.redis().url, prefix));
    connections.push(...opened);
    return opened;
  }

  describe('shared by several processes', () => {
    it('admits exactly a 60 rpm budget out of 200 concurrent requests', async () => {
      const limiters = processes(4).map((redis) => new RedisRateLimiter(redis));
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) => limiters[i % 4]!.hit('key_a', 60, now)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(60);
    });

    it("sends one turn's requests in one script call, in the order they asked", async () => {
      const [redis] = processes(1);
      const limiter = new RedisRateLimiter(redis!, new RedisQuota(redis!));
      const calls = vi.spyOn(redis!, 'run');
      const asked = [
        ...Array.from({ length: 300 }, () => limiter.hit('key_a', 250, now)),
        ...Array.from({ length: 5 }, () => limiter.hitAndReserve('key_b', 10, 3, now)),
      ];
      const [hits, creates] = [(await Promise.all(asked.slice(0, 300))) as RateDecision[], asked.slice(300)];
      expect(calls).toHaveBeenCalledTimes(Math.ceil(305 / itemsPerCall));
      expect(hits.map((d) => d.allowed)).toEqual(Array.from({ length: 300 }, (_, i) => i < 250));
      expect(hits[249]?.remaining).toBe(0);
      const reserved = (await Promise.all(creates)) as { quota: string }[];
      expect(reserved.map((r) => r.quota)).toEqual(['reserved', 'reserved', 'reserved', 'spent', 'spent']);
    });

    it('reserves exactly the plan quota out of 100 concurrent creates', async () => {
      const quotas = processes(4).map((redis) => new RedisQuota(redis));
      const reserved = await Promise.all(
        Array.from({ length: 100 }, (_, i) => quotas[i % 4]!.tryReserve('key_a', 30, now)),
      );
      expect(reserved.filter(Boolean)).toHaveLength(30);
    });

    it('gives one of 50 concurrent requests with one Idempotency-Key the claim', async () => {
      const claims = processes(4).map((redis) => new RedisIdempotency(redis));
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => claims[i % 4]!.claim('key_a', 'idem-1', 'a'.repeat(64), now)),
      );
      expect(answers.filter((a) => a.kind === 'new')).toHaveLength(1);
      expect(answers.filter((a) => a.kind === 'in-flight')).toHaveLength(49);
    });
  });

  describe('a month counter Redis lacks', () => {
    it("is seeded once from the order store's count for the key and month", async () => {
      const asked: [string, number, number][] = [];
      const seed = (keyId: string, from: number, to: number) => {
        asked.push([keyId, from, to]);
        return Promise.resolve(8);
      };
      const quotas = processes(2).map((redis) => new RedisQuota(redis, seed));
      const reserved = await Promise.all(
        Array.from({ length: 6 }, (_, i) => quotas[i % 2]!.tryReserve('key_a', 10, now)),
      );
      expect(reserved.filter(Boolean)).toHaveLength(2);
      expect(asked.length).toBeGreaterThanOrEqual(1);
      expect(asked[0]).toEqual(['key_a', ...monthBounds(now)]);
      expect(monthBounds(now)).toEqual([Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)]);
    });
  });

  describe('while Redis is out', () => {
    it('answers StoreUnavailableError within the command deadline, then at once, and recovers by itself', async () => {
      const [redis] = processes(1);
      const limiter = new RedisRateLimiter(redis!);
      const claims = new RedisIdempotency(redis!);
      expect((await limiter.hit('key_a', 5, now)).allowed).toBe(true);
      await engines.redis().stop('SIGKILL');
      for (let i = 0; i < 3; i++) await expectUnavailable(limiter.hit('key_a', 5, now));
      await engines.redis().start();
      // Redis came back empty: its scripts are loaded again on first use.
      await until('the limiter to answer again', () => succeeds(limiter.hit('key_a', 5, now)));
      expect(await claims.claim('key_a', 'idem-1', 'a'.repeat(64), now)).toEqual({ kind: 'new' });
    });

    it("learns Redis's clock when it connects, so that its first scripts carry a deadline", async () => {
      const [redis] = processes(1);
      await until("Redis's clock to be known", () =>
        Promise.resolve(redis!.clock.deadline(performance.timeOrigin + performance.now()) !== 0),
      );
    });

    it('an Idempotency-Key claim Redis runs only after it was given up on (frozen) claims nothing', async () => {
      const [redis] = processes(1);
      const claims = new RedisIdempotency(redis!);
      const fingerprint = 'a'.repeat(64);
      // A reply tells this process Redis's clock (as its TIME on connect does).
      await until("Redis's clock to be known", async () => {
        await claims.claim('key_a', 'warm', fingerprint, now);
        return redis!.clock.deadline(performance.timeOrigin + performance.now()) !== 0;
      });
      engines.redis().freeze(true);
      try {
        await expectUnavailable(claims.claim('key_a', 'cut-off', fingerprint, now));
      } finally {
        engines.redis().freeze(false);
      }
      // Redis runs what it was sent while frozen, in order, before this probe.
      await until('Redis to answer again', () => succeeds(claims.claim('key_a', 'probe', fingerprint, now)));
      // The request was answered 503 ("nothing was stored"): its retry is new, not 409 in flight.
      expect(await claims.claim('key_a', 'cut-off', fingerprint, now)).toEqual({ kind: 'new' });
    });

    it('a claim Redis made in time, whose reply reached a stalled server too late, is given back', async () => {
      const [redis] = processes(1);
      const claims = new RedisIdempotency(redis!);
      const fingerprint = 'b'.repeat(64);
      const claimed = claims.claim('key_a', 'stalled', fingerprint, now);
      // This process stalls past the command's 1 s; Redis answers meanwhile.
      for (const stallUntil = Date.now() + 1_300; Date.now() < stallUntil;);
      await expectUnavailable(claimed);
      await until('Redis to answer again', () =>
        succeeds(claims.claim('key_a', 'probe-2', fingerprint, now)),
      );
      // Answered 503 ("nothing was stored"): the retry is new, not 409 in flight for 60 s.
      expect(await claims.claim('key_a', 'stalled', fingerprint, now)).toEqual({ kind: 'new' });
    });

    it('starts with Redis down, answers StoreUnavailableError, and serves once Redis is up', async () => {
      await engines.redis().stop();
      const [redis] = processes(1);
      const quota = new RedisQuota(redis!);
      await expectUnavailable(quota.tryReserve('key_a', 5, now));
      await engines.redis().start();
      await until('the quota to answer again', () => succeeds(quota.tryReserve('key_a', 5, now)));
    });
  });
});
