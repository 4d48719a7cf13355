// One disable, one `endpoint.disabled`: several deliveries in flight to an endpoint that each get
// 410 disable it once and raise the event once; enabled again (recover) and gone again, it raises
// one more.
import { describe, expect, it, vi } from 'vitest';
import { OrderDerivedEvents } from '../../../src/api/orders/events/derived-events.ts';
import { MemoryWebhookStore } from '../../../src/api/orders/events/memory-webhooks.ts';
import { orderCreatedEvent } from '../../../src/api/orders/events/order-event.ts';
import { MemoryOrderStore } from '../../../src/api/orders/memory-store.ts';
import type { Sender, SendResult } from '../../../server/webhooks/sender.ts';
import { endpointAt, memoryDeliverer, orderAt } from './fixture.ts';

const t0 = Date.parse('2026-11-01T12:00:00.000Z');
const gone: SendResult = { kind: 'answered', status: 410, retryAfter: undefined, latencyMs: 1 };

describe('an endpoint that answers 410 to deliveries in flight at once', () => {
  it('is disabled once, and endpoint.disabled is raised once per disable', async () => {
    const orders = new MemoryOrderStore();
    const events = new OrderDerivedEvents(orders);
    const webhooks = new MemoryWebhookStore([endpointAt('http://127.0.0.1:9/gone', t0 - 1)]);
    const waiting: ((result: SendResult) => void)[] = [];
    const send: Sender = () => new Promise((resolve) => waiting.push(resolve));
    const deliverer = memoryDeliverer(webhooks, send, { events, clock: { now: () => t0 } });
    const raiseOrders = async (from: number) => {
      for (let n = from; n < from + 3; n++) {
        await orders.create(orderAt(n, t0));
        deliverer.enqueue(orderCreatedEvent(orderAt(n, t0)));
      }
    };
    const disabledEvents = async () =>
      (await events.list({ environment: 'sandbox', limit: 100, types: ['endpoint.disabled'] }))?.events ?? [];

    await raiseOrders(1);
    const sending = deliverer.runDue();
    await vi.waitFor(() => expect(waiting).toHaveLength(3));
    for (const answer of waiting.splice(0)) answer(gone);
    await sending;
    expect(webhooks.get('we_test1')).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    expect(await disabledEvents()).toHaveLength(1);

    // Enabled again (as recover does) and gone again: a second disable, a second event.
    await webhooks.save({ ...endpointAt('http://127.0.0.1:9/gone', t0 - 1) });
    await raiseOrders(4);
    const again = deliverer.runDue();
    await vi.waitFor(() => expect(waiting).toHaveLength(3));
    for (const answer of waiting.splice(0)) answer(gone);
    await again;
    expect(await disabledEvents()).toHaveLength(2);
  });
});
