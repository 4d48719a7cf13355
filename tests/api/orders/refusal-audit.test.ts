// A refusal caused by a management change names its audit entry: the 401 problem carries
// `audit_entry_id`, and the request log's record of it keeps that problem.
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/api/orders/auth.ts';
import { handleOrders } from '../../../src/api/orders/handler.ts';
import { depsFromWorld } from '../../../src/api/orders/world-deps.ts';
import { requestRecord } from '../../../src/api/request-record.ts';
import { fixtureKeys, fixtureNowMs, fixtureWorld } from '../../../harness/fixture-world.ts';

describe('a refusal caused by a management change', () => {
  it.each([
    ['revoked', { status: 'revoked' as const }],
    ['rolled', { rotation_ends_at: '2026-10-01T00:00:00.000Z' }],
    ['expired', { expires_at: '2026-10-01T00:00:00.000Z' }],
  ])('a %s key: the problem and its log record name the audit entry', async (_, change) => {
    const deps = await depsFromWorld(fixtureWorld, { clock: { now: () => fixtureNowMs } });
    const hash = await sha256Hex(fixtureKeys.sandbox);
    const record = deps.keys.findByHash(hash);
    if (!record) throw new Error('fixture key missing');
    deps.keys.add(hash, { ...record, ...change, audit_entry_id: 'aud_Entry1' });
    const response = await handleOrders(
      {
        method: 'GET',
        path: '/v2/orders',
        headers: { authorization: `Bearer ${fixtureKeys.sandbox}` },
        body: null,
      },
      deps,
    );
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'invalid_token', audit_entry_id: 'aud_Entry1' });
    const logged = requestRecord({
      method: 'GET',
      target: '/v2/orders',
      userAgent: undefined,
      response,
      timeMs: fixtureNowMs,
      latencyMs: 1,
    });
    expect(logged.problem).toMatchObject({ audit_entry_id: 'aud_Entry1' });
  });
});
