// Listing an environment's orders, newest first, a page at a time: the memory store (MSW), the
// journal (server; fresh and after a replay) and Postgres agree with the list a sort of every order
// gives.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderListQuery, OrderStore, StoredOrder } from '../../src/api/orders/deps.ts';
import { compareOrders, MemoryOrderStore } from '../../src/api/orders/memory-store.ts';
import { JournalOrderStore } from '../../server/order-journal.ts';
import { PostgresDatabase } from '../../server/stores/postgres/database.ts';
import { PostgresOrderStore } from '../../server/stores/postgres/order-store.ts';
import { enginesAvailable, useEngines } from '../helpers/engines.ts';

const environments = ['production', 'sandbox', 'staging'] as const;

const orderArbitrary: fc.Arbitrary<Draft> = fc.record({
  n: fc.nat(),
  // few distinct instants, so ties on created_at are common and ids decide
  ms: fc.integer({ min: 0, max: 20 }),
  environment: fc.constantFrom(...environments),
  customer: fc.constantFrom('cus_a', 'cus_b'),
});

interface Draft {
  n: number;
  ms: number;
  environment: StoredOrder['environment'];
  customer: string;
}

const stored = (o: Draft, i: number): StoredOrder => ({
  id: `ord_${(o.n * 7919 + i).toString(36)}`,
  customer: o.customer,
  lines: [{ sku: 'sku_a', qty: 1 }],
  livemode: o.environment === 'production',
  created_at: new Date(Date.UTC(2026, 10, 1) + o.ms).toISOString(),
  key_id: 'key_a',
  environment: o.environment,
  idempotency_key: null,
  request_sha256: null,
});

/** Every page of a query, following `startingAfter`, as ids. */
async function allPages(
  store: OrderStore,
  query: Omit<OrderListQuery, 'startingAfter'>,
): Promise<string[][]> {
  const pages: string[][] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await store.list({ ...query, startingAfter });
    if (!page) throw new Error('cursor refused');
    pages.push(page.orders.map((o) => o.id));
    if (!page.hasMore) return pages;
    startingAfter = page.orders.at(-1)?.id;
  }
}

/** The pages the list must give: the environment's (and customer's) orders, newest first. */
function expectedPages(orders: StoredOrder[], query: Omit<OrderListQuery, 'startingAfter'>): string[][] {
  const ids = orders
    .filter((o) => o.environment === query.environment)
    .filter((o) => query.customer === undefined || o.customer === query.customer)
    .sort((a, b) => compareOrders(b, a))
    .map((o) => o.id);
  const pages: string[][] = [];
  for (let i = 0; i < ids.length || pages.length === 0; i += query.limit)
    pages.push(ids.slice(i, i + query.limit));
  return pages;
}

describe('listing orders', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('pages every store alike, newest first, before and after a replay', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArbitrary, { maxLength: 60 }),
        fc.constantFrom(...environments),
        fc.option(fc.constantFrom('cus_a', 'cus_b', 'cus_none'), { nil: undefined }),
        fc.integer({ min: 1, max: 7 }),
        async (drafts, environment, customer, limit) => {
          const orders = drafts.map(stored);
          const query = { environment, customer, limit };
          const memory = new MemoryOrderStore();
          const dir = mkdtempSync(join(tmpdir(), 'estate-list-'));
          dirs.push(dir);
          const journal = await JournalOrderStore.open(dir);
          // created out of time order, as concurrent requests and two lanes can
          await Promise.all(orders.map((o) => Promise.all([memory.create(o), journal.create(o)])));
          const expected = expectedPages(orders, query);
          expect(await allPages(memory, query)).toEqual(expected);
          expect(await allPages(journal, query)).toEqual(expected);
          await journal.close();
          const replayed = await JournalOrderStore.open(dir);
          expect(await allPages(replayed, query)).toEqual(expected);
          await replayed.close();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a cursor that is no order of that environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estate-list-'));
    dirs.push(dir);
    const journal = await JournalOrderStore.open(dir);
    const memory = new MemoryOrderStore();
    const order = stored({ n: 1, ms: 0, environment: 'sandbox', customer: 'cus_a' }, 0);
    for (const store of [memory, journal] as OrderStore[]) {
      await store.create(order);
      expect(await store.list({ environment: 'production', limit: 5, startingAfter: order.id })).toBeNull();
      expect(await store.list({ environment: 'sandbox', limit: 5, startingAfter: 'ord_missing' })).toBeNull();
      expect(await store.list({ environment: 'sandbox', limit: 5, startingAfter: order.id })).toEqual({
        orders: [],
        hasMore: false,
      });
    }
    await journal.close();
  });
});

describe.skipIf(!enginesAvailable())('listing orders on Postgres', () => {
  const engines = useEngines();

  it('pages as the other stores do, ties on created_at decided by id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArbitrary, { maxLength: 40 }),
        fc.constantFrom(...environments),
        fc.option(fc.constantFrom('cus_a', 'cus_b'), { nil: undefined }),
        fc.integer({ min: 1, max: 7 }),
        async (drafts, environment, customer, limit) => {
          const orders = drafts.map(stored);
          const query = { environment, customer, limit };
          const db = new PostgresDatabase(await engines.postgres().createDatabase());
          try {
            const store = new PostgresOrderStore(db);
            await Promise.all(orders.map((o) => store.create(o)));
            expect(await allPages(store, query)).toEqual(expectedPages(orders, query));
            const [first] = orders;
            if (first) {
              const other = environments.find((e) => e !== first.environment) ?? 'sandbox';
              expect(await store.list({ environment: other, limit: 5, startingAfter: first.id })).toBeNull();
            }
          } finally {
            await db.close();
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
