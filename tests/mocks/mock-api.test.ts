// createMockApi without the demo world: a team's own keys, customers and skus, any bearer key for UI
// work, no rpm budget or quota, its own order store; and reset() between tests.
import { describe, expect, it, vi } from 'vitest';
import { ordersFetchHandler } from '../../src/api/http/fetch.ts';
import { sha256Hex } from '../../src/api/orders/auth.ts';
import { MemoryOrderStore } from '../../src/api/orders/memory-store.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { demoWorld } from '../../src/mocks/demo-world.ts';
import { createMockApi, type MockApi, type MockApiOptions } from '../../src/mocks/mock-api.ts';
import { acceptAnyKey } from '../../src/mocks/open-stores.ts';

const demoCustomer = demoWorld.customers[0]?.customer_id ?? '';
const demoSku = demoWorld.skus[0]?.sku ?? '';
const mine = 'sk_test_MineMineMineMineMineMine';
const mineHash = await sha256Hex(mine);

interface Call {
  key?: string;
  customer?: string;
  sku?: string;
  headers?: Record<string, string>;
}

/** POSTs an order to `api` and returns its status, problem type slug (if any) and body. */
async function post(api: MockApi, call: Call = {}) {
  const answer = ordersFetchHandler(() => api.deps());
  const response = await answer(
    new Request('https://api.example.test/v2/orders', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${call.key ?? demoSandboxKey()}`,
        'content-type': 'application/json',
        ...call.headers,
      },
      body: JSON.stringify({
        customer: call.customer ?? demoCustomer,
        lines: [{ sku: call.sku ?? demoSku, qty: 1 }],
      }),
    }),
  );
  const body = (await response.json()) as { type?: string; livemode?: boolean; id?: string };
  return { status: response.status, problem: body.type?.split('/').at(-1), body };
}

/** The statuses of `calls` sent one after another to one API. */
async function statuses(options: MockApiOptions, calls: Call[]): Promise<string[]> {
  const api = createMockApi(options);
  const out: string[] = [];
  for (const call of calls) {
    const { status, problem } = await post(api, call);
    out.push(problem ? `${status} ${problem}` : String(status));
  }
  return out;
}

describe('createMockApi: who may call', () => {
  it.each<[string, MockApiOptions, Call[], string[]]>([
    // the default: the demo world's one key
    ['the demo world', {}, [{}, { key: mine }], ['201', '401 invalid-token']],
    // a team's own key by value: the demo key is no longer known
    ['seeded keys', { keys: [{ material: mine }] }, [{ key: mine }, {}], ['201', '401 invalid-token']],
    // a key seeded by its hash only, as a shared fixture would hold it
    ['a seeded hash', { keys: [{ key_hash_sha256: mineHash }] }, [{ key: mine }], ['201']],
    // hex digits in upper case, as some tools print them
    [
      'a seeded hash in capitals',
      { keys: [{ key_hash_sha256: mineHash.toUpperCase() }] },
      [{ key: mine }],
      ['201'],
    ],
    // UI work: every well-formed bearer key is accepted, a malformed one is still refused
    [
      'any key',
      { keys: 'any' },
      [{ key: mine }, { key: 'anything-at-all' }, { key: 'a b' }],
      ['201', '201', '400 invalid-request'],
    ],
    // a key store shaped by the caller: any key, but read-only
    [
      'acceptAnyKey',
      { keys: acceptAnyKey({ scopes: ['orders:read'] }) },
      [{ key: mine }],
      ['403 insufficient-scope'],
    ],
    // a seeded key that lacks a field falls back to the demo key's (Sandbox plan, orders scopes)
    [
      'a revoked seeded key',
      { keys: [{ material: mine, status: 'revoked' }] },
      [{ key: mine }],
      ['401 invalid-token'],
    ],
  ])('%s', async (_name, options, calls, expected) => {
    expect(await statuses(options, calls)).toEqual(expected);
  });

  it('makes a production key live and a seeded key test mode by default', async () => {
    const live = 'sk_live_LiveLiveLiveLiveLiveLive';
    const api = createMockApi({ keys: [{ material: mine }, { material: live, environment: 'production' }] });
    expect((await post(api, { key: mine })).body.livemode).toBe(false);
    expect((await post(api, { key: live })).body.livemode).toBe(true);
  });

  it('keeps two keys accepted by "any" apart: each has its own rpm window and idempotency keys', async () => {
    const api = createMockApi({ keys: acceptAnyKey({ rpm_budget: 1 }) });
    const again = { 'idempotency-key': 'same' };
    expect((await post(api, { key: 'first', headers: again })).status).toBe(201);
    expect(
      (await post(api, { key: 'second', headers: again, customer: demoWorld.customers[1]?.customer_id }))
        .status,
    ).toBe(201);
    expect((await post(api, { key: 'first' })).problem).toBe('rate-limited');
  });
});

describe('createMockApi: what orders may name', () => {
  it.each<[string, MockApiOptions, Call[], string[]]>([
    [
      'own customers, the world skus',
      { customers: ['cus_mine'] },
      [{ customer: 'cus_mine' }, {}],
      ['201', '422 unknown-customer'],
    ],
    [
      'own skus, the world customers',
      { skus: ['sku_mine'] },
      [{ sku: 'sku_mine' }, {}],
      ['201', '422 unknown-sku'],
    ],
    [
      'any customer and sku',
      { customers: 'any', skus: 'any' },
      [{ customer: 'cus_x', sku: 'sku_y' }],
      ['201'],
    ],
    // the ids must still be well-formed: the contract's schema runs first
    [
      'any, but the schema holds',
      { customers: 'any' },
      [{ customer: 'not an id!' }],
      ['422 validation-failed'],
    ],
  ])('%s', async (_name, options, calls, expected) => {
    expect(await statuses(options, calls)).toEqual(expected);
  });
});

describe('createMockApi: limits', () => {
  const oneOrderWorld = { ...demoWorld, plans: [{ plan: 'Sandbox', quota_requests_per_period: 1 }] };
  const tiny = { material: mine, rpm_budget: 2, quota_orders_per_month: 1 };
  it.each<[string, MockApiOptions, string[]]>([
    // the second order spends the monthly quota of one, the third the rpm budget of two
    ['enforced by default', { keys: [tiny] }, ['201', '429 quota-exceeded', '429 rate-limited']],
    [
      'rpm budget off',
      { keys: [tiny], rateLimit: false },
      ['201', '429 quota-exceeded', '429 quota-exceeded'],
    ],
    ['both off', { keys: [tiny], rateLimit: false, quota: false }, ['201', '201', '201']],
    // any key gets the plan quota of the world it is given, not the demo world's
    [
      'any key, the world plan quota',
      { keys: 'any', world: oneOrderWorld },
      ['201', '429 quota-exceeded', '429 quota-exceeded'],
    ],
  ])('%s', async (_name, options, expected) => {
    expect(await statuses(options, [{ key: mine }, { key: mine }, { key: mine }])).toEqual(expected);
  });
});

describe('createMockApi: stores and reset', () => {
  it('stores orders where the caller says', async () => {
    const orders = new MemoryOrderStore();
    const { body } = await post(createMockApi({ orders }));
    expect(orders.all().map((o) => o.id)).toEqual([body.id]);
  });

  it('forgets orders and rpm windows on reset, and resets a store of the caller that can be reset', async () => {
    const orders = new MemoryOrderStore();
    const resetOrders = vi.spyOn(orders, 'reset');
    const api = createMockApi({ orders, keys: [{ material: mine, rpm_budget: 1 }] });
    expect((await post(api, { key: mine })).status).toBe(201);
    expect((await post(api, { key: mine })).problem).toBe('rate-limited');
    await api.reset();
    expect(resetOrders).toHaveBeenCalledOnce();
    expect(orders.count()).toBe(0);
    expect((await post(api, { key: mine })).status).toBe(201);
  });
});

describe('createLatencyMs', () => {
  it('holds each create that long, so a double submit gets 409 as from the server, then replays', async () => {
    const api = createMockApi({ createLatencyMs: 50 });
    const headers = { 'idempotency-key': 'double-submit' };
    const [first, second] = await Promise.all([post(api, { headers }), post(api, { headers })]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect([first.problem, second.problem]).toContain('idempotency-key-in-use');
    const again = await post(api, { headers });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.status === 201 ? first.body.id : second.body.id);
    // reset() still forgets the orders behind the held creates.
    expect(await (await api.deps()).orders.count()).toBe(1);
    await api.reset();
    expect(await (await api.deps()).orders.count()).toBe(0);
  });
});
