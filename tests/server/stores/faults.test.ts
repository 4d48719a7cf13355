// Postgres or Redis out, at start or mid-load: requests get a 503 problem+json with Retry-After
// quickly (never a 500, never a hang), service comes back by itself when the engine does, and no
// order acknowledged with a 201 is lost.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../api/orders/contract-types.ts';
import { get, post, validOrder } from '../../api/orders/contract-cases.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { until } from '../../helpers/poll.ts';
import { expectOnlyOutages, restartRedisThenPostgres, startLoad } from '../load.ts';
import { startEngineServer, type EngineServer } from './engine-server.ts';

/** Answers within `ms`, or fails the test: an outage must never leave a request hanging. */
async function answeredWithin(ms: number, answer: Promise<ApiResponse>): Promise<ApiResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

function expectUnavailable(response: ApiResponse): void {
  expect(response.status).toBe(503);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((response.body as { code: string }).code).toBe('service_unavailable');
}

// Engines stop, freeze and restart here: seconds each on a quiet machine, much longer on a busy one.
describe.skipIf(!enginesAvailable())('the API while Postgres or Redis is out', { timeout: 120_000 }, () => {
  const engines = useEngines();
  let api: EngineServer | undefined;
  afterEach(async () => {
    await Promise.all([engines.postgres().start(), engines.redis().start()]);
    await api?.close();
    api = undefined;
  });
  async function startApi(before?: () => Promise<void>): Promise<EngineServer> {
    const databaseUrl = await engines.postgres().createDatabase();
    await before?.();
    api = await startEngineServer({ databaseUrl, redisUrl: engines.redis().url });
    return api;
  }
  /** Polls `request` until it answers `status` (the service recovered by itself). */
  const recovers = (server: EngineServer, request: ApiRequest, status: number) =>
    until(`an answer ${status}`, async () => (await server.send(request)).status === status || undefined, {
      timeoutMs: 60_000,
    });

  const engineCases = [
    ['Postgres', () => engines.postgres().stop('immediate'), () => engines.postgres().start()],
    ['Redis', () => engines.redis().stop('SIGKILL'), () => engines.redis().start()],
  ] as const;

  it.each(engineCases)(
    '%s stopped: creates and reads get 503 quickly; started: they succeed',
    async (_, stop, start) => {
      const server = await startApi();
      const created = await server.send(post('fuzz', validOrder));
      expect(created.status).toBe(201);
      const read = get('fuzz', `/v2/orders/${(created.body as { id: string }).id}`);
      await stop();
      for (const request of [post('fuzz', validOrder), read])
        expectUnavailable(await answeredWithin(8_000, server.send(request)));
      await start();
      await recovers(server, post('fuzz', validOrder), 201);
      expect((await server.send(read)).status).toBe(200);
    },
  );

  it.each(engineCases)(
    '%s down when the server starts: the server starts, answers 503, then serves',
    async (_, stop, start) => {
      const server = await startApi(stop);
      expectUnavailable(await answeredWithin(8_000, server.send(post('fuzz', validOrder))));
      await start();
      await recovers(server, post('fuzz', validOrder), 201);
    },
  );

  it.each([
    ['Postgres', (frozen: boolean) => engines.postgres().freeze(frozen)],
    ['Redis', (frozen: boolean) => engines.redis().freeze(frozen)],
  ] as const)(
    '%s frozen (connected, never answering): 503 within the deadlines, then served',
    async (_, freeze) => {
      const server = await startApi();
      expect((await server.send(post('fuzz', validOrder))).status).toBe(201);
      freeze(true);
      try {
        // Deadlines: Redis 1 s per command; Postgres 6 s per statement (5 s on the server), 2 s to connect.
        expectUnavailable(await answeredWithin(12_000, server.send(post('fuzz', validOrder))));
      } finally {
        freeze(false);
      }
      await recovers(server, post('fuzz', validOrder), 201);
    },
  );

  it.each([
    ['tinyRpm', 'rate-limited', 3],
    ['tinyQuota', 'quota-exceeded', 2],
  ] as const)(
    "Redis frozen: a create answered 503 spends none of %s's budget when Redis wakes (%s after %i)",
    async (key, refusal, budget) => {
      const server = await startApi();
      expect((await server.send(post(key, validOrder))).status).toBe(201);
      engines.redis().freeze(true);
      try {
        expectUnavailable(await answeredWithin(12_000, server.send(post(key, validOrder))));
      } finally {
        engines.redis().freeze(false);
      }
      const statuses: number[] = [];
      for (let last = 201; last === 201 || last === 503;) {
        const answer = await server.send(post(key, validOrder));
        last = answer.status;
        if (last === 429) expect((answer.body as { type: string }).type).toMatch(new RegExp(`/${refusal}$`));
        if (last !== 503) statuses.push(last);
      }
      // The first create, then the rest of the budget: the refused one counted nothing.
      expect(statuses).toEqual([...Array<number>(budget - 1).fill(201), 429]);
    },
  );

  it('restarting Redis, then Postgres, under load: only 201 or 503 with Retry-After, and every 201 is stored', async () => {
    const server = await startApi();
    const load = startLoad(() => server.send(post('fuzz', validOrder)), 16);
    await restartRedisThenPostgres(load, engines);
    expectOnlyOutages(load);
    const missing: string[] = [];
    for (const id of load.acknowledged)
      if ((await server.send(get('fuzz', `/v2/orders/${id}`))).status !== 200) missing.push(id);
    expect(missing).toEqual([]);
  });
});
