// The production server on the stores DATABASE_URL and REDIS_URL select: orders in Postgres read
// back as the journal would return them, and what the engines hold survives a restart of the
// server: rpm windows and quotas (the 60-rpm key got 120 × 201 in a minute across a restart
// when they lived in memory), idempotent replays and the orders themselves.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineUrls } from '../../../server/stores/select.ts';
import { get, post, validOrder } from '../../api/orders/contract-cases.ts';
import { fixedClock } from '../../api/orders/runners.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { until } from '../../helpers/poll.ts';
import { startEngineServer, type EngineServer } from './engine-server.ts';

describe.skipIf(!enginesAvailable())('the API on Postgres and Redis', { timeout: 60_000 }, () => {
  const engines = useEngines();
  let api: EngineServer | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  let redisDb = 0;
  /** Fresh engines for one test: a new Postgres database and a new Redis database index. */
  async function freshEngines(which: 'both' | 'postgres' | 'redis'): Promise<EngineUrls> {
    const urls: EngineUrls = {};
    if (which !== 'redis') urls.databaseUrl = await engines.postgres().createDatabase();
    if (which !== 'postgres') urls.redisUrl = `${engines.redis().url}/${++redisDb}`;
    return urls;
  }

  it('stores each order in Postgres with the fields of a journal line, and reads it back', async () => {
    const urls = await freshEngines('both');
    api = await startEngineServer(urls);
    const created = await api.send(post('sandbox', validOrder, { 'idempotency-key': 'first' }));
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const read = await api.send(get('sandbox', `/v2/orders/${id}`));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...(created.body as object), events: [] });

    const client = new pg.Client({ connectionString: urls.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<Record<string, unknown>>(
        `select id, customer, lines, livemode, key_id, environment, idempotency_key,
                length(request_sha256) as fingerprint_length
         from orders`,
      );
      expect(rows).toEqual([
        {
          id,
          customer: 'cus_acme',
          lines: [{ sku: 'sku_widget', qty: 2 }],
          livemode: false,
          key_id: 'key_sandbox',
          environment: 'sandbox',
          idempotency_key: 'first',
          fingerprint_length: 64,
        },
      ]);
    } finally {
      await client.end();
    }
  });

  it.each([
    ['Postgres and Redis', 'both'],
    ['Redis, orders in the journal', 'redis'],
  ] as const)('keeps a spent rpm budget across a restart of the server (%s)', async (_, which) => {
    api = await startEngineServer(await freshEngines(which), fixedClock);
    for (let i = 0; i < 3; i++) expect((await api.send(post('tinyRpm', validOrder))).status).toBe(201);
    await api.restart();
    const refused = await api.send(post('tinyRpm', validOrder));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it.each([
    ['Postgres and Redis', 'both'],
    ['Postgres, limits in memory', 'postgres'],
    ['Redis, orders in the journal', 'redis'],
  ] as const)(
    'keeps plan quotas and idempotent replays across a restart of the server (%s)',
    async (_, which) => {
      api = await startEngineServer(await freshEngines(which), fixedClock);
      const keyed = post('tinyQuota', validOrder, { 'idempotency-key': 'once' });
      const first = await api.send(keyed);
      expect(first.status).toBe(201);
      expect((await api.send(post('tinyQuota', validOrder))).status).toBe(201);
      await api.restart();
      const replay = await api.send(keyed);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      const other = await api.send(
        post('tinyQuota', { ...validOrder, customer: 'cus_globex' }, { 'idempotency-key': 'once' }),
      );
      expect(other.status).toBe(422);
      const spent = await api.send(post('tinyQuota', validOrder));
      expect(spent.status).toBe(429);
      expect((spent.body as { code: string }).code).toBe('quota_exceeded');
    },
  );

  it('replays an order whose Redis record was lost (Redis restarted empty)', async () => {
    api = await startEngineServer(await freshEngines('both'), fixedClock);
    const keyed = post('sandbox', validOrder, { 'idempotency-key': 'kept-in-postgres' });
    const first = await api.send(keyed);
    await engines.redis().stop();
    await engines.redis().start();
    // The client reconnects on its own; until then the answer is a 503 to retry.
    const replay = await until('an answer other than 503', async () => {
      const answer = await api?.send(keyed);
      return answer?.status === 503 ? undefined : answer;
    });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('keeps every answer in the request log when the server stops right after them', async () => {
    const urls = await freshEngines('both');
    api = await startEngineServer(urls);
    const answers = await Promise.all(Array.from({ length: 40 }, () => api!.send(post('fuzz', validOrder))));
    await api.close();
    api = undefined;
    const client = new pg.Client({ connectionString: urls.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ request_id: string }>('select request_id from request_log');
      expect(rows.map((r) => r.request_id).sort()).toEqual(
        answers.map((a) => a.headers['request-id']).sort(),
      );
    } finally {
      await client.end();
    }
  });
});
