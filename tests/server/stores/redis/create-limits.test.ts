// A create on Redis costs one script item for its rpm window and its plan quota together (two round
// trips were a fifth of the Postgres + Redis server's time), with the quota's rules intact: a
// request that creates nothing (refused body, missing scope, idempotent replay, rpm refusal)
// leaves the month's count as it was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisConnection } from '../../../../server/stores/redis/connection.ts';
import type { EngineUrls } from '../../../../server/stores/select.ts';
import { post, validOrder } from '../../../api/orders/contract-cases.ts';
import { fixedClock } from '../../../api/orders/runners.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';
import { startEngineServer, type EngineServer } from '../engine-server.ts';

describe.skipIf(!enginesAvailable())('limits of a create on Redis', { timeout: 60_000 }, () => {
  const engines = useEngines();
  let api: EngineServer | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await api?.close();
    api = undefined;
  });
  let redisDb = 0;
  const fresh = async (postgres: boolean): Promise<EngineUrls> => ({
    ...(postgres ? { databaseUrl: await engines.postgres().createDatabase() } : {}),
    redisUrl: `${engines.redis().url}/${++redisDb}`,
  });

  it.each([
    ['orders in Postgres', true],
    ['orders in the journal', false],
  ])('runs one Redis script for a create without an Idempotency-Key (%s)', async (_, postgres) => {
    api = await startEngineServer(await fresh(postgres), fixedClock);
    // The first create of a month may seed the quota counter from the order store; count the next.
    expect((await api.send(post('fuzz', validOrder))).status).toBe(201);
    const scripts = vi.spyOn(RedisConnection.prototype, 'run');
    expect((await api.send(post('fuzz', validOrder))).status).toBe(201);
    // One item in one call: its rpm window and a quota reservation ('1' asks for one; the call's
    // values: seeded, deadline, then the item's budget, window, reservation, …).
    expect(scripts.mock.calls.map(([script, , args]) => [script.name, args[4]])).toEqual([
      ['rate_limit_many', 1],
    ]);
  });

  it('spends the quota only on orders created', async () => {
    // tinyQuota: two orders a month.
    api = await startEngineServer(await fresh(true), fixedClock);
    const invalid = { ...validOrder, lines: [] };
    expect((await api.send(post('tinyQuota', invalid))).status).toBe(422);
    expect((await api.send(post('tinyQuota', { ...validOrder, customer: 'cus_nobody' }))).status).toBe(422);
    const keyed = post('tinyQuota', validOrder, { 'idempotency-key': 'once' });
    expect((await api.send(keyed)).status).toBe(201);
    const replay = await api.send(keyed);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await api.send(post('tinyQuota', validOrder))).status).toBe(201);
    const spent = await api.send(post('tinyQuota', validOrder));
    expect(spent.status).toBe(429);
    expect((spent.body as { code: string }).code).toBe('quota_exceeded');
    // A spent quota is still answered after the body's own problems, as before.
    expect((await api.send(post('tinyQuota', invalid))).status).toBe(422);
  });

  it('spends no quota on a key without the orders:write scope', async () => {
    api = await startEngineServer(await fresh(false), fixedClock);
    expect((await api.send(post('readOnly', validOrder))).status).toBe(403);
    const scripts = vi.spyOn(RedisConnection.prototype, 'run');
    expect((await api.send(post('readOnly', validOrder))).status).toBe(403);
    // Its rpm hit only: no quota reserved, so none to refund.
    expect(scripts.mock.calls.map(([script, , args]) => [script.name, args[4]])).toEqual([
      ['rate_limit_many', 0],
    ]);
  });
});
