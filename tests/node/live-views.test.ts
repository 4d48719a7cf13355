// Live views on a read-only workspace: the order journal as `orders` and the request log as
// `live_requests`, whole lines only, with the same columns whether or not the server has written
// anything yet.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { applyLiveViews, liveViews } from '../../src/node/live-views.ts';
import { FileRequestLog } from '../../server/request-log/file-log.ts';
import { record } from '../server/request-log/records.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-live-'));
const ordersDir = join(dir, 'orders');
const env = { ESTATE_ORDERS_DIR: ordersDir };
const requestsDir = join(dir, 'requests');
let db: Workspace;

const order = (id: string, createdAt: string) =>
  JSON.stringify({
    id,
    customer: 'cus_a',
    lines: [{ sku: 'sku_a', qty: 2 }],
    livemode: false,
    created_at: createdAt,
    key_id: 'key_a',
    environment: 'sandbox',
    idempotency_key: null,
    request_sha256: null,
  });

beforeAll(async () => {
  const file = join(dir, 'estate.duckdb');
  const instance = await DuckDBInstance.create(file);
  instance.closeSync();
  db = await openWorkspace(file);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const columnsOf = (view: string) =>
  db.query<{ column_name: string; data_type: string }>(
    'select column_name, data_type from information_schema.columns where table_name = $view order by ordinal_position',
    { view },
  );

describe('applyLiveViews', () => {
  const ordersView = liveViews.find((v) => v.name === 'orders');
  const declared = ordersView?.columns.map(([column_name, data_type]) => ({ column_name, data_type }));

  it('defines orders with its columns and no rows before the server has written any', async () => {
    await applyLiveViews(db, env);
    expect(await columnsOf('orders')).toEqual(declared);
    expect(await db.query('select * from orders')).toEqual([]);
  });

  it('reads every lane, whole lines only: a torn last line and other files are left out', async () => {
    mkdirSync(ordersDir, { recursive: true });
    writeFileSync(join(ordersDir, 'orders-0.ndjson'), `${order('ord_1', '2026-11-23T10:00:00.123Z')}\n`);
    writeFileSync(
      join(ordersDir, 'orders-1.ndjson'),
      `${order('ord_2', '2026-11-23T11:00:00.000Z')}\n{"id":"ord_3","customer":"cus_`,
    );
    writeFileSync(join(ordersDir, '.lock'), '123');
    writeFileSync(join(ordersDir, 'notes.ndjson'), `${order('ord_x', '2026-11-23T11:00:00.000Z')}\n`);
    await applyLiveViews(db, env);
    expect(
      await db.query(
        "select id, strftime(created_at, '%Y-%m-%dT%H:%M:%S.%g') as created_at, lines[1].qty as qty from orders order by id",
      ),
    ).toEqual([
      { id: 'ord_1', created_at: '2026-11-23T10:00:00.123', qty: 2 },
      { id: 'ord_2', created_at: '2026-11-23T11:00:00.000', qty: 2 },
    ]);
    expect(await columnsOf('orders')).toEqual(declared);
  });

  it('sees lines appended since, and a torn line once it is complete, when applied again', async () => {
    appendFileSync(join(ordersDir, 'orders-1.ndjson'), 'a","lines":[],"livemode":true}\n');
    writeFileSync(join(ordersDir, 'orders-2.ndjson'), `${order('ord_4', '2026-11-23T12:00:00.000Z')}\n`);
    await applyLiveViews(db, env);
    expect((await db.query<{ id: string }>('select id from orders order by id')).map((r) => r.id)).toEqual([
      'ord_1',
      'ord_2',
      'ord_3',
      'ord_4',
    ]);
  });

  it('never writes the workspace: the views are temporary, on a file opened read-only', async () => {
    expect(
      await db.query("select table_catalog from information_schema.tables where table_name = 'orders'"),
    ).toEqual([{ table_catalog: 'temp' }]);
  });
});

describe('live_requests', () => {
  const view = liveViews.find((v) => v.name === 'live_requests');
  const declared = view?.columns.map(([column_name, data_type]) => ({ column_name, data_type }));

  it('has its columns and no rows before the server has answered anything', async () => {
    await applyLiveViews(db, env);
    expect(await columnsOf('live_requests')).toEqual(declared);
    expect(await db.query('select * from live_requests')).toEqual([]);
  });

  it('reads what the server logged, in the folder beside the orders folder', async () => {
    const log = await FileRequestLog.open({ dir: requestsDir, maxBytes: 2 ** 20 });
    const problem = {
      type: 'https://estate.example/problems/rate-limited',
      title: 'Rate limit exceeded',
      status: 429,
      detail: 'Key allows 60 requests per minute',
      code: 'rate_limited',
      request_id: record(2).request_id,
    };
    const written = [
      record(1),
      record(2, { status: 429, problem_type: 'rate-limited', order_id: null, problem }),
    ];
    for (const r of written) log.append(r);
    await log.close();
    await applyLiveViews(db, env);
    const rows = await db.query<Record<string, unknown>>(
      `select request_id, time_ms::double as time_ms, status::integer as status, problem_type, latency_ms,
              order_id, response_headers['ratelimit'] as ratelimit, problem->>'$.title' as title
         from live_requests order by time_ms`,
    );
    expect(rows).toEqual(
      written.map((r) => ({
        request_id: r.request_id,
        time_ms: r.time_ms,
        status: r.status,
        problem_type: r.problem_type,
        latency_ms: r.latency_ms,
        order_id: r.order_id,
        ratelimit: r.response_headers.ratelimit,
        title: r.problem?.title ?? null,
      })),
    );
    expect(await columnsOf('live_requests')).toEqual(declared);
  });
});
