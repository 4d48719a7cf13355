// The request log's record of an answer names the key a valid credential named, whatever the
// answer: also a 404 (no such path) or a 405 (a method the path does not allow), where the
// contract answers before it authenticates.
import { describe, expect, it } from 'vitest';
import { handleOrders } from '../../src/api/orders/handler.ts';
import { depsFromWorld } from '../../src/api/orders/world-deps.ts';
import { requestRecord } from '../../src/api/request-record.ts';
import { fixedClock } from './orders/runners.ts';
import { fixtureKeys, fixtureWorld, sequentialIds } from '../../harness/fixture-world.ts';

async function recordOf(method: string, path: string, authorization?: string) {
  const deps = await depsFromWorld(fixtureWorld, { clock: fixedClock, ids: sequentialIds() });
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const response = await handleOrders({ method, path, headers, body: null }, deps);
  return requestRecord({
    method,
    target: path,
    userAgent: 'curl/8.11.0',
    response,
    timeMs: fixedClock.now(),
    latencyMs: 1,
  });
}

describe('the key on answers given before authentication', () => {
  it.each([
    // a path the contract does not have
    ['GET', '/v2/nothing-here', 404],
    // a method the path does not allow
    ['DELETE', '/v2/orders', 405],
  ])('%s %s with a valid key records the key (%i)', async (method, path, status) => {
    const record = await recordOf(method, path, `Bearer ${fixtureKeys.sandbox}`);
    expect(record.status).toBe(status);
    expect(record.key_id).toBe('key_sandbox');
    expect(record.environment).toBe('sandbox');
    expect(record.livemode).toBe(false);
  });

  it.each([
    // no credential at all
    ['GET', '/v2/nothing-here', undefined],
    // a credential no key has
    ['DELETE', '/v2/orders', `Bearer ${fixtureKeys.unknown}`],
    // not a bearer credential
    ['GET', '/v2/nothing-here', 'Basic abc'],
  ])('%s %s with %s records no key', async (method, path, authorization) => {
    const record = await recordOf(method, path, authorization);
    expect(record.key_id).toBeNull();
    expect(record.status).toBeGreaterThanOrEqual(404);
  });
});
