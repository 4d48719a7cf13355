// A store whose backing service is out (disk, Postgres, Redis) is a 503 with Retry-After, never a
// 500, and the quota reserved for the refused order is given back.
import { describe, expect, it } from 'vitest';
import { handleOrders } from '../../../src/api/orders/handler.ts';
import { StoreUnavailableError } from '../../../src/api/orders/deps.ts';
import { depsFromWorld } from '../../../src/api/orders/world-deps.ts';
import { fixedClock } from './runners.ts';
import { fixtureKeys, fixtureWorld, sequentialIds } from '../../../harness/fixture-world.ts';
import { validOrder } from './contract-cases.ts';

const create = {
  method: 'POST',
  path: '/v2/orders',
  headers: { authorization: `Bearer ${fixtureKeys.sandbox}`, 'content-type': 'application/json' },
  body: JSON.stringify(validOrder),
};

describe('a store that is out', () => {
  it('answers 503 problem+json with Retry-After and refunds the quota', async () => {
    const deps = await depsFromWorld(fixtureWorld, { clock: fixedClock, ids: sequentialIds() });
    const refunds: string[] = [];
    const quota = deps.quota;
    deps.quota = Object.assign(Object.create(quota) as typeof quota, {
      refund: (keyId: string, nowMs: number) => {
        refunds.push(keyId);
        quota.refund(keyId, nowMs);
      },
    });
    deps.orders.create = () => Promise.reject(new StoreUnavailableError('disk refuses writes', 5));
    const response = await handleOrders(create, deps);
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.headers['retry-after']).toBe('5');
    expect(JSON.parse(response.body)).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(refunds).toHaveLength(1);
  });

  it('is still a 500 for any other failure', async () => {
    const deps = await depsFromWorld(fixtureWorld, { clock: fixedClock, ids: sequentialIds() });
    deps.orders.create = () => Promise.reject(new Error('bug'));
    expect((await handleOrders(create, deps)).status).toBe(500);
  });
});
