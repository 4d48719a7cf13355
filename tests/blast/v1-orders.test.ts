// POST /v1/orders, the deprecated predecessor of POST /v2/orders: the same contract (201 with an
// order) plus the Deprecation, Sunset and Link headers read from the workspace's v_route_stats.
import { DuckDBInstance } from '@duckdb/node-api';
import { applySql } from '../../simulator/sql/apply.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, validOrder } from '../api/orders/contract-cases.ts';
import { fixtureWorld, sequentialIds } from '../../harness/fixture-world.ts';
import { fetchAnswer } from '../api/orders/runners.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../harness/fixture-workspace.ts';

let files: ServerFiles;

/**
 * The fixture world's workspace plus POST /v2/orders and its deprecated predecessor POST /v1/orders,
 * then the thresholds, the period and the views (the headers are read from v_route_stats).
 */
beforeAll(async () => {
  files = await writeFixtureWorkspace(fixtureWorld);
  const instance = await DuckDBInstance.create(files.dataFile);
  const db = await instance.connect();
  try {
    await db.run(
      `insert into routes values
        ('rt_v2', 'POST', '/v2/orders', 'v2', 'prod', false, null, null, null)`,
    );
    await db.run(
      `insert into routes values
        ('rt_v1', 'POST', '/v1/orders', 'v1', 'prod', true, '2026-07-04', '2026-12-31', 'rt_v2')`,
    );
    await db.run('insert into thresholds values (80, 200000, 5, 55, 30, 99.9, 25)');
    await db.run(
      "insert into workspace values ('fixture', '2026-11-01', 10, 1, '2026-10-22', 'fixture', 'fixture')",
    );
    await applySql(db, 'views');
  } finally {
    db.closeSync();
    instance.closeSync();
  }
});

/** 2026-07-04T00:00:00Z in seconds; 2026-12-31 is a Thursday. */
const expectedHeaders = {
  deprecation: '@1783123200',
  sunset: 'Thu, 31 Dec 2026 00:00:00 GMT',
  link: '</app/api/routes/rt_v1>; rel="deprecation"; type="text/html", </v2/orders>; rel="successor-version"',
};

describe('POST /v1/orders on the production server', () => {
  let server: RunningServer | undefined;
  let baseUrl = '';
  beforeAll(async () => {
    // API only: no Astro build, so /v1/orders can only be answered by the contract.
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      console: false,
      api: { ...files, ids: sequentialIds() },
    });
    baseUrl = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.close());

  it('answers 201 with the v2 contract and the deprecation headers', async () => {
    const response = await fetchAnswer(`${baseUrl}/v1/orders`, post('fuzz', validOrder));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      customer: validOrder.customer,
      invoice: null,
      events: ['order.created'],
    });
    for (const [name, value] of Object.entries(expectedHeaders)) expect(response.headers[name]).toBe(value);
  });

  it('keeps the contract’s errors, with the headers too', async () => {
    const response = await fetchAnswer(`${baseUrl}/v1/orders`, post(null, validOrder));
    expect(response.status).toBe(401);
    expect(response.headers.deprecation).toBe(expectedHeaders.deprecation);
  });

  it('names the canonical path to another spelling of it, without serving it', async () => {
    for (const path of ['/v1//orders', '/v1/orders/', '//v1/orders']) {
      const response = await fetchAnswer(baseUrl + path, post('fuzz', validOrder));
      expect(response.status, path).toBe(404);
      expect(response.body).toMatchObject({ detail: 'No such resource; the canonical path is /v1/orders' });
    }
  });

  it('leaves /v2/orders without deprecation headers', async () => {
    const response = await fetchAnswer(`${baseUrl}/v2/orders`, post('fuzz', validOrder));
    expect(response.status).toBe(201);
    expect(response.headers.deprecation).toBeUndefined();
    expect(response.headers.sunset).toBeUndefined();
  });
});
