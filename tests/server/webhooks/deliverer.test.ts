// Delivery follows the schedule under an injected clock: a receiver that fails, then times out,
// then answers 410 gets attempts at 0, 5 s and 5 min, and the endpoint ends disabled with an
// endpoint.disabled event; Retry-After is honoured on 429; a redirect is a failure, never followed;
// five days of failure disable the endpoint; a closed queue sends nothing more; an endpoint whose
// attempts hang holds half the slots, and the others' deliveries go on; an endpoint's backlog is
// told however long it is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryWebhookStore } from '../../../src/api/orders/events/memory-webhooks.ts';
import { endpointDisabledEvent, orderCreatedEvent } from '../../../src/api/orders/events/order-event.ts';
import { memoryAttemptLog } from '../../../server/webhooks/attempts.ts';
import { attemptsPerEndpoint } from '../../../server/webhooks/queue.ts';
import type { Sender, SendResult } from '../../../server/webhooks/sender.ts';
import { deliveryFixture, endpointAt, manualClock, memoryDeliverer, orderAt } from './fixture.ts';
import { startReceiver, type Answer, type Receiver } from '../../../harness/webhook-receiver.ts';

const t0 = Date.parse('2026-11-01T12:00:00.000Z');
let receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function receiver(answers: Answer[]): Promise<Receiver> {
  const r = await startReceiver((n) => answers[n] ?? { status: 204 });
  receivers.push(r);
  return r;
}

/** Moves the clock to `ms` after t0 and sends what is due. */
const at = async (
  f: ReturnType<typeof deliveryFixture>,
  clock: ReturnType<typeof manualClock>,
  ms: number,
) => {
  clock.set(t0 + ms);
  await f.deliverer.runDue();
};

describe('the retry schedule', () => {
  it('fails, times out, then 410: attempts at 0, 5 s and 5 min; the endpoint ends disabled and says so', async () => {
    const r = await receiver([{ status: 500 }, 'hang', { status: 410 }]);
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(r.url, t0 - 1), clock, 200);
    await f.create(orderAt(1, t0));
    await at(f, clock, 0);
    await at(f, clock, 4_999);
    expect(r.received).toHaveLength(1);
    await at(f, clock, 5_000);
    await at(f, clock, 5_000 + 5 * 60_000 - 1);
    expect(r.received).toHaveLength(2);
    await at(f, clock, 5_000 + 5 * 60_000);
    expect(f.log.all.map((a) => [a.attempt, Date.parse(a.at) - t0, a.status, a.outcome])).toEqual([
      [1, 0, 500, 'retrying'],
      [2, 5_000, null, 'retrying'],
      [3, 305_000, 410, 'endpoint-disabled'],
    ]);
    expect(f.log.all[1]?.error).toMatch(/no answer within 200 ms/);
    expect(f.webhooks.get('we_test1')).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    const raised = await f.events.list({ environment: 'sandbox', limit: 10, types: ['endpoint.disabled'] });
    expect(raised?.events.map((e) => e.data.object.id)).toEqual(['we_test1']);
    // Nothing more is sent to it, however late.
    await f.create(orderAt(2, t0 + 400_000));
    await at(f, clock, 10 * 3_600_000);
    expect(r.received).toHaveLength(3);
  });

  it('follows every step of the schedule until it is spent, then the delivery has failed', async () => {
    const r = await receiver(Array.from({ length: 8 }, () => ({ status: 503 })));
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(r.url, t0 - 1), clock);
    await f.create(orderAt(1, t0));
    let elapsed = 0;
    for (const step of [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]) {
      elapsed += step;
      await at(f, clock, elapsed);
    }
    expect(f.log.all.map((a) => Date.parse(a.at) - t0)).toEqual([
      0, 5_000, 305_000, 2_105_000, 9_305_000, 27_305_000, 63_305_000, 99_305_000,
    ]);
    expect(f.log.all.at(-1)?.outcome).toBe('failed');
    const failed = await f.events.list({ environment: 'sandbox', limit: 10, deliverySuccess: false });
    expect(failed?.events.map((e) => e.id)).toEqual(['evt_test1']);
    const succeeded = await f.events.list({ environment: 'sandbox', limit: 10, deliverySuccess: true });
    expect(succeeded?.events).toEqual([]);
  });

  it('honours Retry-After on 429 when it asks for longer than the schedule', async () => {
    const r = await receiver([{ status: 429, headers: { 'retry-after': '120' } }]);
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(r.url, t0 - 1), clock);
    await f.create(orderAt(1, t0));
    await at(f, clock, 0);
    expect(f.log.all[0]?.next_at).toBe(new Date(t0 + 120_000).toISOString());
    await at(f, clock, 119_999);
    expect(r.received).toHaveLength(1);
    await at(f, clock, 120_000);
    expect(f.log.all.map((a) => a.outcome)).toEqual(['retrying', 'succeeded']);
  });

  it('counts a redirect as a failure and never follows it', async () => {
    const elsewhere = await receiver([]);
    const r = await receiver([{ status: 302, headers: { location: elsewhere.url } }]);
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(r.url, t0 - 1), clock);
    await f.create(orderAt(1, t0));
    await at(f, clock, 0);
    expect(f.log.all[0]).toMatchObject({
      status: 302,
      outcome: 'retrying',
      error: expect.stringMatching(/redirect/) as unknown,
    });
    expect(elsewhere.connections()).toBe(0);
  });

  it('disables an endpoint that has failed for five days, and raises endpoint.disabled', async () => {
    const r = await receiver(Array.from({ length: 100 }, () => ({ status: 500 })));
    const clock = manualClock(t0);
    const f = deliveryFixture(endpointAt(r.url, t0 - 1), clock);
    const day = 24 * 3_600_000;
    for (let d = 0; d <= 5; d++) {
      await f.create(orderAt(d + 1, t0 + d * day));
      await at(f, clock, d * day);
    }
    expect(f.webhooks.get('we_test1')).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    expect(f.log.all.at(-1)?.outcome).toBe('endpoint-disabled');
    const raised = await f.events.list({ environment: 'sandbox', limit: 10, types: ['endpoint.disabled'] });
    expect(raised?.events).toHaveLength(1);
  });
});

describe('closing the queue', () => {
  it('sends nothing once closed, even what was queued in the same turn', async () => {
    const sent: string[] = [];
    const webhooks = new MemoryWebhookStore([endpointAt('http://127.0.0.1:9/hooks', t0 - 1)]);
    const log = memoryAttemptLog();
    const send: Sender = (url) => {
      sent.push(url);
      return Promise.resolve({ kind: 'answered', status: 204, retryAfter: undefined, latencyMs: 1 });
    };
    const deliverer = memoryDeliverer(webhooks, send, { log, clock: { now: () => t0 } });
    deliverer.start();
    deliverer.enqueue(orderCreatedEvent(orderAt(1, t0)));
    await deliverer.close();
    // The turn enqueue() asked for runs now, and any attempt it started reaches send().
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([]);
    expect(log.all).toHaveLength(0);
  });

  it.each([
    ['the default 64', undefined, attemptsPerEndpoint],
    ['8', 8, 4],
  ])(
    'gives an endpoint whose attempts hang half of %s slots: the others are sent meanwhile',
    async (_n, concurrency, share) => {
      const hung = { ...endpointAt('http://127.0.0.1:9/hung', t0 - 1), id: 'we_hung' };
      const other = { ...endpointAt('http://127.0.0.1:9/ok', t0 - 1), id: 'we_ok' };
      const webhooks = new MemoryWebhookStore([hung, { ...other, enabled_events: ['endpoint.disabled'] }]);
      const held: (() => void)[] = [];
      let flying = 0;
      let most = 0;
      const sent: string[] = [];
      const answered: SendResult = { kind: 'answered', status: 204, retryAfter: undefined, latencyMs: 1 };
      const send: Sender = (url) => {
        sent.push(url);
        if (!url.endsWith('/hung')) return Promise.resolve(answered);
        most = Math.max(most, ++flying);
        return new Promise((resolve) => held.push(() => resolve(answered)));
      };
      const slots = concurrency === undefined ? {} : { concurrency };
      const deliverer = memoryDeliverer(webhooks, send, { clock: { now: () => t0 }, ...slots });
      deliverer.start();
      // 80 deliveries to the hung endpoint first (more than the slots), then one to the other
      for (let n = 1; n <= 80; n++) deliverer.enqueue(orderCreatedEvent(orderAt(n, t0)));
      deliverer.enqueue(endpointDisabledEvent('evt_other', { ...hung, id: 'we_gone' }, t0));
      try {
        await vi.waitFor(() => expect(sent).toContain('http://127.0.0.1:9/ok'));
        expect(most).toBe(share);
      } finally {
        for (const release of held.splice(0)) release();
        await deliverer.close();
      }
    },
  );
});

describe("an endpoint's backlog", () => {
  it('is counted and dated however many deliveries wait (more than a call can spread as arguments)', () => {
    const webhooks = new MemoryWebhookStore([endpointAt('http://127.0.0.1:9/hooks', t0 - 1)]);
    const unsent: Sender = () => Promise.reject(new Error('not started: nothing is sent'));
    const deliverer = memoryDeliverer(webhooks, unsent, { clock: { now: () => t0 } });
    const waiting = 150_000;
    const event = orderCreatedEvent(orderAt(1, t0));
    for (let n = 0; n < waiting; n++) deliverer.enqueue({ ...event, id: `evt_${n}` });
    expect(deliverer.backlog('we_test1')).toEqual({ waiting, nextMs: t0 });
  });
});
