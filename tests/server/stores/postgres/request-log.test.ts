// The request log on Postgres: its records go in statements of their own, never in an order's; one
// record never sinks its batch (a NUL Postgres text cannot hold is stored escaped, and a row
// Postgres refuses for any other reason is dropped alone), and a NUL in an order id reads as no
// such order (404), as on the embedded server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostgresDatabase } from '../../../../server/stores/postgres/database.ts';
import { PostgresOrderStore } from '../../../../server/stores/postgres/order-store.ts';
import { PostgresRequestLog, serialised } from '../../../../server/stores/postgres/request-log.ts';
import type { StoredOrder } from '../../../../src/api/orders/deps.ts';
import type { RequestRecord } from '../../../../src/api/request-record.ts';
import { get, post, validOrder } from '../../../api/orders/contract-cases.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';
import { startEngineServer, type EngineServer } from '../engine-server.ts';

/** The n-th test record, with `overrides`. */
const record = (n: number, overrides: Partial<RequestRecord> = {}): RequestRecord => ({
  request_id: `req_${n}`,
  time_ms: 1_700_000_000_000 + n,
  method: 'POST',
  path: '/v2/orders',
  route_id: null,
  status: 201,
  problem_type: null,
  latency_ms: 1.5,
  key_id: 'key_a',
  consumer_id: null,
  environment: 'sandbox',
  livemode: false,
  caller_kind: 'automation',
  user_agent: 'test',
  idempotent_replay: false,
  order_id: null,
  response_headers: { 'content-type': 'application/json' },
  problem: null,
  ...overrides,
});

describe.skipIf(!enginesAvailable())('PostgresRequestLog', { timeout: 60_000 }, () => {
  const engines = useEngines();
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(open.splice(0).map((o) => o.close()));
  });

  async function freshLog(): Promise<PostgresRequestLog> {
    return (await freshStores()).log;
  }

  /** A log that flushes on its own only every 10 s, and an order store on the same database. */
  async function freshStores() {
    const db = new PostgresDatabase(await engines.postgres().createDatabase());
    const log = new PostgresRequestLog(db, 1_000_000, 10_000);
    const orders = new PostgresOrderStore(db);
    open.push(log, db);
    return { db, log, orders };
  }

  const order = (n: number): StoredOrder => ({
    id: `ord_${String(n).padStart(24, '0')}`,
    customer: 'cus_acme',
    lines: [{ sku: 'sku_widget', qty: 1 }],
    livemode: false,
    created_at: new Date(Date.UTC(2026, 10, 1, 12, 0, 0, n)).toISOString(),
    key_id: 'key_a',
    environment: 'sandbox',
    idempotency_key: null,
    request_sha256: null,
  });

  it("keeps the log's records out of the orders' INSERT, which never waits for them", async () => {
    const { db, log, orders } = await freshStores();
    await orders.create(order(0)); // migrates the schema
    const statements = vi.spyOn(db, 'query');
    for (const r of [record(1), record(2)]) log.append(r);
    await Promise.all([orders.create(order(1)), orders.create(order(2))]);
    expect(statements.mock.calls.map(([name]) => name)).toEqual(['insert_orders']);
    await log.flushed();
    expect(statements.mock.calls.map(([name]) => name)).toEqual(['insert_orders', 'insert_requests']);
    statements.mockRestore();
    expect((await log.page({ limit: 10 })).rows.map((r) => r.request_id)).toEqual(['req_2', 'req_1']);
    expect(await orders.count()).toBe(3);
  });

  it('stores a NUL escaped, and the records batched with it', async () => {
    const log = await freshLog();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const nul = record(2, {
      status: 422,
      path: '/v2/orders?q=a\u0000b',
      user_agent: 'agent\u0000',
      problem: {
        type: 'https://example.test/problems/validation',
        title: 'Invalid',
        status: 422,
        detail: 'field "customer\u0000" is unknown',
        errors: [{ pointer: '/customer\u0000', code: 'unknown_field' }],
      } as unknown as RequestRecord['problem'],
    });
    for (const r of [record(1), nul, record(3)]) log.append(r);
    await log.flushed();
    const page = await log.page({ limit: 10 });
    expect(page.rows.map((r) => r.request_id)).toEqual(['req_3', 'req_2', 'req_1']);
    const stored = await log.find('req_2');
    expect(stored?.path).toBe('/v2/orders?q=a\\u0000b');
    expect(stored?.user_agent).toBe('agent\\u0000');
    expect(JSON.stringify(stored?.problem)).toContain('/customer\\\\u0000');
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops only the record Postgres refuses, not its batch', async () => {
    const log = await freshLog();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // 70000 does not fit the smallint status column: this one row is refused.
    for (const r of [record(1), record(2, { status: 70_000 }), record(3)]) log.append(r);
    await log.flushed();
    const page = await log.page({ limit: 10 });
    expect(page.rows.map((r) => r.request_id)).toEqual(['req_3', 'req_1']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/1 record\(s\) not stored/);
  });
});

describe.skipIf(!enginesAvailable())('the API on Postgres, NUL in a request', { timeout: 60_000 }, () => {
  const engines = useEngines();
  let api: EngineServer | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await api?.close();
    api = undefined;
  });

  it('keeps every caller in the log beside a 422 that repeats a NUL from its body', async () => {
    api = await startEngineServer({ databaseUrl: await engines.postgres().createDatabase() });
    const warn = vi.spyOn(console, 'warn');
    const nulBody = JSON.stringify({ 'customer\u0000': 'cus_acme', lines: validOrder.lines });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => api!.send(post('fuzz', validOrder))),
      api.send(post('fuzz', nulBody)),
      ...Array.from({ length: 20 }, () => api!.send(post('fuzz', validOrder))),
    ]);
    expect(answers[20]?.status).toBe(422);
    const log = api.server().api.log as PostgresRequestLog;
    await log.flushed();
    const page = await log.page({ limit: 100 });
    expect(page.rows.map((r) => r.request_id).sort()).toEqual(
      answers.map((a) => a.headers['request-id']).sort(),
    );
    expect(warn).not.toHaveBeenCalledWith(expect.stringMatching(/not stored/));
  });

  it('answers 404 for an order id with a NUL in it', async () => {
    api = await startEngineServer({ databaseUrl: await engines.postgres().createDatabase() });
    const answer = await api.send(get('sandbox', '/v2/orders/ord_%00'));
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/problem\+json/);
  });
});

describe('a batch serialised for its INSERT', () => {
  it('escapes each NUL as the six characters \\u0000, and leaves a written-out \\u0000 alone', () => {
    const paths = ['a\u0000b', '\u0000\u0000', 'x\\u0000', 'x\\\u0000', 'x\\\\u0000', 'plain'];
    const batch = paths.map((path, n) => record(n, { path }));
    const parsed = JSON.parse(serialised(batch)) as RequestRecord[];
    expect(parsed.map((r) => r.path)).toEqual(paths.map((path) => path.replaceAll('\u0000', '\\u0000')));
    expect(serialised([record(1)])).toBe(JSON.stringify([record(1)]));
  });
});
