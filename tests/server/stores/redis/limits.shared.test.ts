// One table of rpm, quota and idempotency cases (../limit-cases.ts), run on the in-memory classes
// that define the semantics and on the Redis stores, which must answer every step the same.
import { afterAll, describe, expect, it } from 'vitest';
import { IdempotencyStore } from '../../../../src/api/orders/idempotency.ts';
import { QuotaCounter } from '../../../../src/api/orders/quota.ts';
import { RateLimiter } from '../../../../src/api/orders/rate-limit.ts';
import { RedisConnection } from '../../../../server/stores/redis/connection.ts';
import { RedisIdempotency } from '../../../../server/stores/redis/idempotency.ts';
import { RedisQuota } from '../../../../server/stores/redis/quota.ts';
import { RedisRateLimiter } from '../../../../server/stores/redis/rate-limit.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';
import {
  expected,
  idempotencyCases,
  quotaCases,
  rateLimitCases,
  runStep,
  type LimitStep,
  type LimitStores,
} from '../limit-cases.ts';

const cases: [string, LimitStep[]][] = [
  ...rateLimitCases.map(([name, steps]): [string, LimitStep[]] => [`rpm: ${name}`, steps]),
  ...quotaCases.map(([name, steps]): [string, LimitStep[]] => [`quota: ${name}`, steps]),
  ...idempotencyCases.map(([name, steps]): [string, LimitStep[]] => [`idempotency: ${name}`, steps]),
];

async function expectSteps(stores: LimitStores, steps: LimitStep[]): Promise<void> {
  const answers = [];
  for (const step of steps) answers.push(await runStep(stores, step));
  expect(answers).toEqual(steps.map(expected));
}

describe('the in-memory stores (the reference)', () => {
  it.each(cases)('%s', async (_, steps) => {
    await expectSteps(
      { rateLimiter: new RateLimiter(), quota: new QuotaCounter(), idempotency: new IdempotencyStore() },
      steps,
    );
  });
});

describe.skipIf(!enginesAvailable())('the Redis stores', () => {
  const engines = useEngines();
  const connections: RedisConnection[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
  });

  it.each(cases.map(([name, steps], n) => [name, steps, n] as const))('%s', async (_, steps, n) => {
    // Each case under its own prefix: a fresh store in the shared Redis.
    const redis = new RedisConnection(engines.redis().url, `case${n}:`);
    connections.push(redis);
    await expectSteps(
      {
        rateLimiter: new RedisRateLimiter(redis),
        quota: new RedisQuota(redis),
        idempotency: new RedisIdempotency(redis),
      },
      steps,
    );
  });
});
