// Resend and recover in the mocks: POST /v2/webhooks/{id}/resend and /recover send events again
// through the delivery option (`deliverEvents`), which is told the endpoint; an event the option
// refused (it threw) counts as not received, so recover sends it again, and nothing else.
import { describe, expect, it } from 'vitest';
import { ordersFetchHandler } from '../../src/api/http/fetch.ts';
import { demoWorld } from '../../src/mocks/demo-world.ts';
import type { ApiEvent } from '../../src/api/orders/events/event-contract.ts';
import { createMockApi, type MockApi } from '../../src/mocks/mock-api.ts';
import { until } from '../helpers/poll.ts';

const key = 'sk_test_mock_requeue_key_0001';
const scopes = ['orders:write', 'orders:read', 'events:read', 'webhooks:read', 'webhooks:write'];
const order = {
  customer: demoWorld.customers[0]?.customer_id ?? '',
  lines: [{ sku: demoWorld.skus[0]?.sku ?? '', qty: 1 }],
};

/** Calls the mock API as the handlers do; answers the status and the JSON body. */
async function call(api: MockApi, method: string, path: string, body?: unknown) {
  const response = await ordersFetchHandler(() => api.deps())(
    new Request(`https://api.example.test${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An API whose delivery option records each call and refuses the events named in `refuse`. */
async function world(refuse: Set<string>) {
  const seen: [string, string | null][] = [];
  const api = createMockApi({
    keys: [{ material: key, scopes }],
    deliverEvents: (event: ApiEvent, resend?: { endpoint_id: string }) => {
      seen.push([event.id, resend?.endpoint_id ?? null]);
      if (refuse.has(String(event.data.object.id))) throw new Error('receiver down');
    },
  });
  const endpoint = await call(api, 'POST', '/v2/webhooks', {
    url: 'http://localhost:3000/hooks',
    enabled_events: ['order.created'],
  });
  expect(endpoint.status).toBe(201);
  return { api, seen, endpointId: String(endpoint.body.id) };
}

const eventOf = (orderId: unknown) => `evt_${String(orderId).slice(4)}`;

describe('resend and recover in the mocks', () => {
  it('resend hands the event to the delivery option again, naming the endpoint', async () => {
    const { api, seen, endpointId } = await world(new Set());
    const made = await call(api, 'POST', '/v2/orders', order);
    const eventId = eventOf(made.body.id);
    const resent = await call(api, 'POST', `/v2/webhooks/${endpointId}/resend`, { event_id: eventId });
    expect(resent).toEqual({
      status: 202,
      body: {
        object: 'webhook_requeue',
        endpoint_id: endpointId,
        queued: 1,
        event_ids: [eventId],
        enabled: false,
      },
    });
    expect(seen).toEqual([
      [eventId, null],
      [eventId, endpointId],
    ]);
    expect(api.events()).toHaveLength(1);
  });

  it('recover sends only what the delivery option refused, and then nothing', async () => {
    const refuse = new Set<string>();
    const { api, seen, endpointId } = await world(refuse);
    const taken = await call(api, 'POST', '/v2/orders', order);
    const refusedOrder = await call(api, 'POST', '/v2/orders', {
      ...order,
      lines: [{ ...order.lines[0], qty: 2 }],
    });
    // Both were taken: recover has nothing to send. (Order ids are random, so the option is told to
    // refuse the second event only for its resend.)
    expect(seen.map(([id]) => id)).toEqual([eventOf(taken.body.id), eventOf(refusedOrder.body.id)]);
    const deliveries = (await api.deps()).deliveries;
    expect(await deliveries?.attempts(endpointId, 10)).toMatchObject([
      { event_id: eventOf(refusedOrder.body.id), outcome: 'succeeded', attempt: 1 },
      { event_id: eventOf(taken.body.id), outcome: 'succeeded', attempt: 1 },
    ]);
    const none = await call(api, 'POST', `/v2/webhooks/${endpointId}/recover`, { since: 0 });
    expect(none.body).toMatchObject({ queued: 0, event_ids: [] });

    refuse.add(String(refusedOrder.body.id));
    await call(api, 'POST', `/v2/webhooks/${endpointId}/resend`, { event_id: eventOf(refusedOrder.body.id) });
    const failed = await until('the refused resend is logged', async () => {
      const [latest] = (await deliveries?.attempts(endpointId, 1)) ?? [];
      return latest?.outcome === 'failed' && latest;
    });
    expect(failed).toMatchObject({ event_id: eventOf(refusedOrder.body.id), error: 'receiver down' });
    refuse.clear();
    const recovered = await call(api, 'POST', `/v2/webhooks/${endpointId}/recover`, { since: 0 });
    expect(recovered.body).toMatchObject({ queued: 1, event_ids: [eventOf(refusedOrder.body.id)] });
    expect(seen.at(-1)).toEqual([eventOf(refusedOrder.body.id), endpointId]);
    const again = await call(api, 'POST', `/v2/webhooks/${endpointId}/recover`, { since: 0 });
    expect(again.body).toMatchObject({ queued: 0 });
  });

  it('reset forgets the deliveries', async () => {
    const { api, endpointId } = await world(new Set());
    await call(api, 'POST', '/v2/orders', order);
    await api.reset();
    expect(await (await api.deps()).deliveries?.attempts(endpointId, 10)).toEqual([]);
  });
});
