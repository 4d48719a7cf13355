// The mocks raise the events the server raises: `mockApi.events()` lists them, and the option to
// deliver them calls a function or POSTs them, signed (Standard Webhooks), to a URL; so a frontend
// test can assert "this order raised order.created". A replay raises nothing.
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { ordersFetchHandler } from '../../src/api/http/fetch.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { demoWorld } from '../../src/mocks/demo-world.ts';
import type { ApiEvent } from '../../src/api/orders/events/event-contract.ts';
import { createMockApi, mockWebhookSecret, type MockApi } from '../../src/mocks/mock-api.ts';
import { startReceiver, type Receiver } from '../../harness/webhook-receiver.ts';

const order = {
  customer: demoWorld.customers[0]?.customer_id ?? '',
  lines: [{ sku: demoWorld.skus[0]?.sku ?? '', qty: 1 }],
};

async function create(api: MockApi, idempotencyKey?: string) {
  const response = await ordersFetchHandler(() => api.deps())(
    new Request('https://api.example.test/v2/orders', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${demoSandboxKey()}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(order),
    }),
  );
  return { requestId: response.headers.get('request-id'), body: (await response.json()) as { id: string } };
}

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('mockApi events', () => {
  it('lists order.created per 201, with the order and the request; none on a replay; reset forgets', async () => {
    const api = createMockApi();
    const first = await create(api, 'k1');
    await create(api, 'k1');
    expect(api.events()).toEqual([
      expect.objectContaining({
        id: `evt_${first.body.id.slice(4)}`,
        type: 'order.created',
        data: { object: first.body },
        request: { id: first.requestId, idempotency_key: 'k1' },
      }),
    ]);
    await api.reset();
    expect(api.events()).toEqual([]);
  });

  it('hands each event to a function', async () => {
    const seen: ApiEvent[] = [];
    const api = createMockApi({ deliverEvents: (event) => seen.push(event) });
    const { body } = await create(api);
    expect(seen.map((e) => [e.type, e.data.object.id])).toEqual([['order.created', body.id]]);
  });

  it('POSTs each event to a URL, signed so standardwebhooks verifies it', async () => {
    receiver = await startReceiver();
    const api = createMockApi({ deliverEvents: receiver.url });
    await create(api);
    const deadline = Date.now() + 5_000;
    while (receiver.received.length === 0 && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 10));
    const [got] = receiver.received;
    if (!got) throw new Error('nothing was delivered');
    const verified = new Webhook(mockWebhookSecret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'order.created' });
  });
});
