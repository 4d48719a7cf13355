// Analysts see events and webhook attempts beside live_requests: `events` (each order's
// order.created, from the journal), `raised_events` and `webhook_attempts`, empty with their
// columns before the server wrote anything.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { applyLiveViews } from '../../src/node/live-views.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-live-events-'));
const ordersDir = join(dir, 'orders');
const env = { ESTATE_ORDERS_DIR: ordersDir };
let db: Workspace;

beforeAll(async () => {
  const file = join(dir, 'estate.duckdb');
  (await DuckDBInstance.create(file)).closeSync();
  db = await openWorkspace(file);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('live event views', () => {
  it('are empty before the server has written anything', async () => {
    await applyLiveViews(db, env);
    for (const view of ['events', 'raised_events', 'webhook_attempts'])
      expect(await db.query(`select * from ${view}`)).toEqual([]);
  });

  it('list each order as its order.created, and every attempt', async () => {
    mkdirSync(ordersDir, { recursive: true });
    const order = {
      id: 'ord_abc',
      customer: 'cus_a',
      lines: [{ sku: 'sku_a', qty: 1 }],
      livemode: false,
      created_at: '2026-11-23T10:00:00.000Z',
      key_id: 'key_a',
      environment: 'sandbox',
      idempotency_key: 'k1',
      request_sha256: null,
      request_id: 'req_1',
    };
    writeFileSync(join(ordersDir, 'orders-0.ndjson'), `${JSON.stringify(order)}\n`);
    const attempt = {
      event_id: 'evt_abc',
      endpoint_id: 'we_1',
      event_type: 'order.created',
      environment: 'sandbox',
      attempt: 1,
      at: '2026-11-23T10:00:00.100Z',
      status: 204,
      error: null,
      latency_ms: 3.5,
      outcome: 'succeeded',
      next_at: null,
    };
    writeFileSync(
      join(ordersDir, 'webhook-attempts.jsonl'),
      `${JSON.stringify(attempt)}\n{"event_id":"evt_torn`,
    );
    await applyLiveViews(db, env);
    expect(
      await db.query('select event_id, type, order_id, request_id, idempotency_key from events'),
    ).toEqual([
      {
        event_id: 'evt_abc',
        type: 'order.created',
        order_id: 'ord_abc',
        request_id: 'req_1',
        idempotency_key: 'k1',
      },
    ]);
    expect(
      await db.query(
        'select e.event_id, a.status, a.outcome from events e join webhook_attempts a using (event_id)',
      ),
    ).toEqual([{ event_id: 'evt_abc', status: 204, outcome: 'succeeded' }]);
  });
});
