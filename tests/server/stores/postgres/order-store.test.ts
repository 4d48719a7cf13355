// Orders in Postgres: each create resolves only once its order is committed (any other connection
// sees it), concurrent creates share INSERTs (group commit), one bad row refuses only its own
// order, and a stored order reads back exactly as the journal would hold it.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredOrder } from '../../../../src/api/orders/deps.ts';
import { PostgresDatabase } from '../../../../server/stores/postgres/database.ts';
import { PostgresOrderStore } from '../../../../server/stores/postgres/order-store.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';

/** The n-th test order: every other one with an Idempotency-Key, lines in the order sent. */
const testOrder = (n: number, overrides: Partial<StoredOrder> = {}): StoredOrder => ({
  id: `ord_${String(n).padStart(24, '0')}`,
  customer: 'cus_acme',
  lines: [
    { sku: 'sku_widget', qty: 1 + (n % 5) },
    { sku: 'sku_gadget', qty: 2 },
  ],
  livemode: n % 3 === 0,
  created_at: new Date(Date.UTC(2026, 10, 1, 12, 0, 0, n)).toISOString(),
  key_id: 'key_a',
  environment: 'sandbox',
  idempotency_key: n % 2 === 0 ? `idem-${n}` : null,
  request_sha256: n % 2 === 0 ? 'ab'.repeat(32) : null,
  ...overrides,
});

describe.skipIf(!enginesAvailable())('PostgresOrderStore', () => {
  const engines = useEngines();
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(open.splice(0).map((o) => o.close()));
  });

  async function fresh(): Promise<{ store: PostgresOrderStore; db: PostgresDatabase; other: pg.Pool }> {
    const url = await engines.postgres().createDatabase();
    const db = new PostgresDatabase(url);
    const other = new pg.Pool({ connectionString: url, max: 4 });
    open.push(db, { close: () => other.end() });
    return { store: new PostgresOrderStore(db), db, other };
  }

  it('reads an order back exactly as it was stored, field order included', async () => {
    const { store } = await fresh();
    for (const order of [testOrder(2), testOrder(3)]) {
      await store.create(order);
      expect(JSON.stringify(await store.get(order.id))).toBe(JSON.stringify(order));
    }
    expect(await store.get('ord_missing')).toBeUndefined();
    expect(await store.count()).toBe(2);
  });

  it('resolves each create only after its order is committed: another connection already sees it', async () => {
    const { store, other } = await fresh();
    await store.count();
    const unseen: string[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        store.create(testOrder(n)).then(async () => {
          const { rowCount } = await other.query('select 1 from orders where id = $1', [testOrder(n).id]);
          if (rowCount !== 1) unseen.push(testOrder(n).id);
        }),
      ),
    );
    expect(unseen).toEqual([]);
    expect(await store.count()).toBe(200);
  });

  it('gathers concurrent creates into a few multi-row INSERTs', async () => {
    const { store, db } = await fresh();
    await store.count();
    const query = vi.spyOn(db, 'query');
    await Promise.all(Array.from({ length: 500 }, (_, n) => store.create(testOrder(n))));
    const inserts = query.mock.calls.filter(([name]) => name === 'insert_orders').length;
    expect(inserts).toBeGreaterThanOrEqual(1);
    expect(inserts).toBeLessThanOrEqual(10);
    expect(await store.count()).toBe(500);
  });

  it('refuses only the order Postgres refuses, and stores the rest of its batch', async () => {
    const { store } = await fresh();
    await store.create(testOrder(1));
    const results = await Promise.allSettled([
      store.create(testOrder(2)),
      store.create(testOrder(3, { id: testOrder(1).id })),
      store.create(testOrder(4)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
    expect(await store.count()).toBe(3);
  });

  it("finds a key's newest order for an Idempotency-Key within the window", async () => {
    const { store } = await fresh();
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 1) + ms).toISOString();
    const first = testOrder(2, { id: 'ord_first', created_at: at(0), request_sha256: 'a'.repeat(64) });
    const second = testOrder(4, { id: 'ord_second', created_at: at(5_000), request_sha256: 'b'.repeat(64) });
    for (const order of [first, second]) await store.create({ ...order, idempotency_key: 'idem-x' });
    const since = Date.parse(at(0));
    expect(await store.findIdempotent('key_a', 'idem-x', since)).toEqual({
      orderId: 'ord_second',
      fingerprint: 'b'.repeat(64),
      createdAtMs: Date.parse(at(5_000)),
    });
    expect(await store.findIdempotent('key_a', 'idem-x', since + 5_001)).toBeUndefined();
    expect(await store.findIdempotent('key_b', 'idem-x', since)).toBeUndefined();
  });

  it("counts a key's orders in a month", async () => {
    const { store } = await fresh();
    const days = [
      '2026-10-31T23:59:59.999Z',
      '2026-11-01T00:00:00.000Z',
      '2026-11-30T23:59:59.999Z',
      '2026-12-01T00:00:00.000Z',
    ];
    for (const [n, created_at] of days.entries()) await store.create(testOrder(n, { created_at }));
    await store.create(testOrder(9, { key_id: 'key_b', created_at: days[1] }));
    expect(await store.countForKey('key_a', Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1))).toBe(2);
  });
});
