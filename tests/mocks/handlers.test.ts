// The default MSW handler set (src/mocks, published as @estate-console/mocks): the demo world's keys,
// customers and skus; resettable. The README's own setup runs against the packed package in
// tests/packages/mocks/consumer-msw3.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSandboxKey, handlers, mockApi } from '../../src/mocks/index.ts';
import { server } from '../../src/mocks/node.ts';
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld } from '../../simulator/world/index.ts';

const world = buildWorld(defaultConfig);
const customer = world.customers[0]?.customer_id ?? '';
const sku = world.skus[0]?.sku ?? '';

function createOrder(key: string, body: unknown = { customer, lines: [{ sku, qty: 1 }] }) {
  return fetch('https://api.example.test/v2/orders', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the default handler set', () => {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    await mockApi.reset();
  });
  afterAll(() => server.close());

  it('exports a non-empty handler set', () => {
    expect(handlers.length).toBeGreaterThan(0);
  });

  it('accepts the demo sandbox key of the default world and creates a test-mode order', async () => {
    const response = await createOrder(demoSandboxKey());
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ customer, livemode: false, events: ['order.created'] });
  });

  it('knows the same customers and skus as the simulator (an unknown one is 422)', async () => {
    const response = await createOrder(demoSandboxKey(), {
      customer: 'cus_not_in_world',
      lines: [{ sku, qty: 1 }],
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('refuses a key that is not in the world', async () => {
    const response = await createOrder('sk_test_000000000000000000000000');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  it('forgets orders on reset, so tests do not leak into each other', async () => {
    const created = (await (await createOrder(demoSandboxKey())).json()) as { id: string };
    const read = () =>
      fetch(`https://api.example.test/v2/orders/${created.id}`, {
        headers: { authorization: `Bearer ${demoSandboxKey()}` },
      });
    expect((await read()).status).toBe(200);
    await mockApi.reset();
    expect((await read()).status).toBe(404);
  });

  it('records each answer as the server request log does (its route included), and forgets them on reset', async () => {
    const created = await createOrder(demoSandboxKey());
    const refused = await createOrder('sk_test_000000000000000000000000');
    const recorded = mockApi.requests();
    expect(recorded.map((r) => [r.method, r.path, r.status, r.problem_type])).toEqual([
      ['POST', '/v2/orders', 201, null],
      ['POST', '/v2/orders', 401, 'invalid-token'],
    ]);
    const route = world.routes.find(
      (r) => r.stage === 'sandbox' && r.method === 'POST' && r.path === '/v2/orders',
    );
    expect(recorded[0]).toMatchObject({
      route_id: route?.route_id,
      request_id: created.headers.get('request-id'),
      key_id: 'key_demo_sandbox',
      environment: 'sandbox',
      livemode: false,
      order_id: ((await created.json()) as { id: string }).id,
    });
    expect(recorded[1]).toMatchObject({ request_id: refused.headers.get('request-id'), key_id: null });
    expect(JSON.stringify(recorded)).not.toContain(demoSandboxKey());
    await mockApi.reset();
    expect(mockApi.requests()).toEqual([]);
  });

  it('lets a test override the base handlers with server.use()', async () => {
    const { http, HttpResponse } = await import('msw');
    server.use(http.post('*/v2/orders', () => HttpResponse.json({ type: 'about:blank' }, { status: 503 })));
    expect((await createOrder(demoSandboxKey())).status).toBe(503);
  });
});
