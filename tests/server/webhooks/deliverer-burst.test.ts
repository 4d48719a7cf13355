// While callers keep the API busy, the in-process queue holds new events back (one push each) and
// sends them once the API is idle or they have waited the bound; a timer looks again, so nothing
// held is stranded; whatever asks about deliveries (the backlog, a resend, an outcome) counts the
// held ones; and an endpoint made while events were held gets none raised before it.
import { describe, expect, it, vi } from 'vitest';
import { OrderDerivedEvents } from '../../../src/api/orders/events/derived-events.ts';
import { MemoryWebhookStore } from '../../../src/api/orders/events/memory-webhooks.ts';
import { orderCreatedEvent } from '../../../src/api/orders/events/order-event.ts';
import { MemoryOrderStore } from '../../../src/api/orders/memory-store.ts';
import { burstDeferMs, loadWindowMs } from '../../../server/webhooks/burst.ts';
import type { Sender, SendResult } from '../../../server/webhooks/sender.ts';
import { endpointAt, memoryDeliverer, orderAt } from './fixture.ts';

const t0 = Date.parse('2026-11-01T12:00:00.000Z');

describe('while callers keep the API busy', () => {
  const answered: SendResult = { kind: 'answered', status: 204, retryAfter: undefined, latencyMs: 1 };

  /** A queue over one endpoint whose load is `load.busy`, at the clock `now`; `raise` stores an order and queues its event. */
  function heldQueue(
    now: { ms: number },
    load: { busy: boolean; asked?: number },
    answer: () => Promise<SendResult> = () => Promise.resolve(answered),
  ) {
    const orders = new MemoryOrderStore();
    const webhooks = new MemoryWebhookStore([endpointAt('http://127.0.0.1:9/hooks', t0 - 1)]);
    const sent: string[] = [];
    const send: Sender = (url) => {
      sent.push(url);
      return answer();
    };
    const deliverer = memoryDeliverer(webhooks, send, {
      events: new OrderDerivedEvents(orders),
      clock: { now: () => now.ms },
      load: { busy: () => ((load.asked = (load.asked ?? 0) + 1), load.busy) },
    });
    const raise = async (n: number, ms = t0) => {
      const order = orderAt(n, ms);
      await orders.create(order);
      const event = orderCreatedEvent(order);
      deliverer.enqueue(event);
      return event;
    };
    return { deliverer, sent, webhooks, raise };
  }

  it('holds due deliveries until the API is idle, or until they have waited the bound', async () => {
    const now = { ms: t0 };
    const load = { busy: true };
    const { deliverer, sent, raise } = heldQueue(now, load);
    for (let n = 1; n <= 3; n++) await raise(n);
    await deliverer.runDue();
    now.ms = t0 + burstDeferMs - 1;
    await deliverer.runDue();
    expect(sent).toHaveLength(0);
    now.ms = t0 + burstDeferMs;
    await deliverer.runDue();
    expect(sent).toHaveLength(3);

    await raise(4, now.ms);
    await deliverer.runDue();
    expect(sent).toHaveLength(3);
    load.busy = false;
    await deliverer.runDue();
    expect(sent).toHaveLength(4);
  });

  it('sends what it held once the API goes idle, with nothing else queued to wake it', async () => {
    const now = { ms: t0 };
    const load = { busy: true, asked: 0 };
    const { deliverer, sent, raise } = heldQueue(now, load);
    deliverer.start();
    try {
      await raise(1);
      await vi.waitFor(() => expect(load.asked).toBeGreaterThanOrEqual(3), { timeout: 20 * loadWindowMs });
      expect(sent).toHaveLength(0);
      load.busy = false;
      await vi.waitFor(() => expect(sent).toHaveLength(1));
    } finally {
      await deliverer.close();
    }
  });

  it('holds only events that an endpoint subscribes to when raised: the rest are dropped at once', async () => {
    const now = { ms: t0 };
    const load = { busy: true };
    const { deliverer, sent, webhooks, raise } = heldQueue(now, load);
    const endpoint = { ...endpointAt('http://127.0.0.1:9/hooks', t0 - 1), id: 'we_test1' };
    await raise(1);
    expect(deliverer.held).toBe(1);
    await webhooks.save({ ...endpoint, status: 'disabled' });
    await raise(2);
    expect(deliverer.held).toBe(1);
    await webhooks.save(endpoint);
    load.busy = false;
    await deliverer.runDue();
    expect(sent).toHaveLength(1);
    expect(deliverer.outcomeOf('evt_test1')).toBe(true);
    expect(deliverer.outcomeOf('evt_test2')).toBeUndefined();
  });

  it('counts held events for whatever asks (backlog, queued, outcome), and still holds them', async () => {
    const now = { ms: t0 };
    const load = { busy: true };
    const { deliverer, sent, raise } = heldQueue(now, load);
    const [first, second] = [await raise(1), await raise(2)];
    expect(deliverer.backlog('we_test1')).toEqual({ waiting: 2, nextMs: t0 });
    expect(deliverer.isQueued(second.id, 'we_test1')).toBe(true);
    expect(deliverer.outcomeOf(first.id)).toBe(false);
    await deliverer.runDue();
    expect(sent).toHaveLength(0);
    load.busy = false;
    await deliverer.runDue();
    expect(sent).toHaveLength(2);
    expect(deliverer.outcomeOf(first.id)).toBe(true);
  });

  it('gives an endpoint made while events were held none of those raised before it', async () => {
    const now = { ms: t0 };
    const load = { busy: true };
    const { deliverer, sent, webhooks, raise } = heldQueue(now, load);
    await raise(1);
    await webhooks.save({ ...endpointAt('http://127.0.0.1:9/late', t0 + 10), id: 'we_late' });
    now.ms = t0 + 20;
    await raise(2, now.ms);
    load.busy = false;
    await deliverer.runDue();
    expect(sent.sort()).toEqual([
      'http://127.0.0.1:9/hooks',
      'http://127.0.0.1:9/hooks',
      'http://127.0.0.1:9/late',
    ]);
  });

  it('settles as failed the events held for an endpoint that is disabled meanwhile (410)', async () => {
    const now = { ms: t0 };
    const load = { busy: false };
    let answer: (result: SendResult) => void = () => undefined;
    const { deliverer, sent, raise } = heldQueue(
      now,
      load,
      () => new Promise((resolve) => (answer = resolve)),
    );
    const first = await raise(1);
    const sending = deliverer.runDue(); // the first goes out while the API is idle
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    load.busy = true;
    const held = await raise(2);
    answer({ kind: 'answered', status: 410, retryAfter: undefined, latencyMs: 1 }); // disables the endpoint
    await sending;
    expect(deliverer.outcomeOf(first.id)).toBe(false);
    expect(deliverer.outcomeOf(held.id)).toBe(false);
  });
});
