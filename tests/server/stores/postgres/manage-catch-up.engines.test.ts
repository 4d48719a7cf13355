// Keys on Postgres, read your writes across servers: a key or management key issued through one
// server works on the other at once (its Orders API, its management API), though that server has
// not heard of the change yet, because an unknown key or id is read for before it is refused. And a
// flood of unknown keys costs Postgres a bounded number of reads: one at a time, shared, and none
// within unknownReadEveryMs of the last.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixtureWorld } from '../../../../harness/fixture-world.ts';
import { ManagedKeyStore } from '../../../../server/manage/runtime.ts';
import { PostgresDatabase } from '../../../../server/stores/postgres/database.ts';
import { PostgresManageStore, unknownReadEveryMs } from '../../../../server/stores/postgres/manage-store.ts';
import { handleOrders } from '../../../../src/api/orders/handler.ts';
import { depsFromWorld } from '../../../../src/api/orders/world-deps.ts';
import type { ManageDeps } from '../../../../src/manage/deps.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';
import { call, depsOver, fixtureSeed, managementKey, previewAndApply, sha } from '../../../manage/fixture.ts';

/** No poll in these tests' time: only what they ask for (and LISTEN) reads rows. */
const noPollMs = 600_000;

describe.runIf(enginesAvailable())('keys on Postgres: an unknown key is read for before a refusal', () => {
  const engines = useEngines();
  const open: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const o of open.reverse()) await o.close();
  });

  /** Two servers' management stores (each its own pool) on one new database. */
  async function twoServers() {
    const url = await engines.postgres().createDatabase();
    const server = async () => {
      const db = new PostgresDatabase(url);
      const store = await PostgresManageStore.open(db, fixtureSeed(), sha, noPollMs);
      open.push(db, store);
      const manage = depsOver(store, () => Date.now());
      const orders = { ...(await depsFromWorld(fixtureWorld)), keys: new ManagedKeyStore(store) };
      return { db, store, manage, orders };
    };
    const [a, b] = [await server(), await server()];
    const token = await managementKey(b.manage);
    await a.store.poll();
    return { a, b, token };
  }

  /** GET /v2/orders with a key, on a server's Orders API. */
  const listOrders = async (deps: Parameters<typeof handleOrders>[1], secret: string) =>
    (
      await handleOrders(
        { method: 'GET', path: '/v2/orders', headers: { authorization: `Bearer ${secret}` }, body: null },
        deps,
      )
    ).status;

  /** Issues a key through `deps`: its id and secret. */
  async function issue(deps: ManageDeps, token: string, name: string) {
    const { applied } = await previewAndApply(deps, 'POST', '/keys', { name }, { token });
    expect(applied.status).toBe(201);
    return { id: (applied.body.after as { key_id: string }).key_id, secret: String(applied.body.secret) };
  }

  it('a key issued through B works on A at once: its Orders API 200, GET /keys/{id} 200', async () => {
    const { a, b, token } = await twoServers();
    for (let trial = 0; trial < 5; trial++) {
      const key = await issue(b.manage, token, `issued on B ${trial}`);
      expect(await listOrders(a.orders, key.secret)).toBe(200);
      const other = await issue(b.manage, token, `read on A ${trial}`);
      expect((await call(a.manage, 'GET', `/keys/${other.id}`, undefined, { token })).status).toBe(200);
    }
  });

  it('a management key made through B works on A at once', async () => {
    const { a, b } = await twoServers();
    for (let trial = 0; trial < 5; trial++) {
      const made = await managementKey(b.manage, ['keys:read'], `made on B ${trial}`);
      expect((await call(a.manage, 'GET', '/keys', undefined, { token: made })).status).toBe(200);
    }
  });

  it('1,000 unknown keys at once cost one read per interval at most, each shared by its callers', async () => {
    const { a } = await twoServers();
    const query = a.db.query.bind(a.db);
    const readsBeganMs: number[] = [];
    vi.spyOn(a.db, 'query').mockImplementation((name, sql, values) => {
      if (name === 'manage_since') readsBeganMs.push(performance.now());
      return query(name, sql, values);
    });
    const unknown = (n: number) => `sk_test_Unknown${String(n).padStart(20, '0')}`;
    const startMs = performance.now();
    const manageCalls = Array.from({ length: 1000 }, (_, n) =>
      call(a.manage, 'GET', '/keys', undefined, { token: `mk_Unknown${n}` }).then((r) => r.status),
    );
    const ordersCalls = Array.from({ length: 1000 }, (_, n) => listOrders(a.orders, unknown(n)));
    const statuses = await Promise.all([...ordersCalls, ...manageCalls]);
    const tookMs = performance.now() - startMs;
    expect(new Set(statuses)).toEqual(new Set([401]));
    // reads the answers did not wait for count too: this poll runs after all of them
    await a.store.poll();
    const burst = readsBeganMs.slice(0, -1);
    expect(burst.length).toBeGreaterThanOrEqual(1);
    expect(burst.length).toBeLessThanOrEqual(1 + Math.floor(tookMs / unknownReadEveryMs));
    // two unknown keys one after the other: the second waits out the interval, then reads
    expect(await listOrders(a.orders, unknown(1000))).toBe(401);
    expect(await listOrders(a.orders, unknown(1001))).toBe(401);
    expect(readsBeganMs).toHaveLength(burst.length + 3);
    const [, first, second] = readsBeganMs.slice(-3);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(unknownReadEveryMs - 1);
    vi.restoreAllMocks();
  });
});
