// Delivery with orders in Postgres: each order's delivery is inserted by the statement that inserts
// the order, and two workers claiming at once (FOR UPDATE SKIP LOCKED) send each attempt exactly
// once in a fault-free run, counted at the receiver; a success after a failure settles in one
// statement and ends the streak; a 410 disables the endpoint for every worker. The events of a
// claim are sent as it brings them (no event or order read per delivery), and a batch's successes
// settle in one statement, even when a sibling's attempt throws, and before a later failure to the
// same endpoint is judged. A worker that found nothing does not look again on every local create.
// One claim takes as many deliveries as the embedded queue has in flight.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent, StoredOrder, WebhookEndpoint } from '../../../src/api/orders/deps.ts';
import { OrderDerivedEvents } from '../../../src/api/orders/events/derived-events.ts';
import {
  endpointDisabledEvent,
  eventBody,
  orderCreatedEvent,
} from '../../../src/api/orders/events/order-event.ts';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresRaisedEvents, PostgresWebhookStore } from '../../../server/stores/postgres/event-stores.ts';
import { PostgresOrderStore } from '../../../server/stores/postgres/order-store.ts';
import type { Attempt, AttemptResult } from '../../../server/webhooks/attempt.ts';
import { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { attemptsInFlight } from '../../../server/webhooks/queue.ts';
import { httpSender } from '../../../server/webhooks/sender.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { endpointAt, orderAt } from './fixture.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';

describe.skipIf(!enginesAvailable())('deliveries in Postgres', () => {
  const engines = useEngines();
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
  });

  /** One worker: its own pool, stores and queue over the database at `url`. */
  function worker(url: string, clock?: { now(): number }) {
    const db = new PostgresDatabase(url);
    const orders = new PostgresOrderStore(db);
    const events = new OrderDerivedEvents(orders, { raised: new PostgresRaisedEvents(db) });
    const webhooks = new PostgresWebhookStore(db);
    const queue = new PostgresDeliveryQueue(db, events, webhooks, {
      send: httpSender(false),
      random: () => 0.5,
      batch: 8,
      ...(clock && { clock }),
    });
    open.push({ close: async () => (await queue.close(), await db.close()) });
    return { db, orders, events, webhooks, queue };
  }

  /** How many deliveries wait in the database (settled ones are deleted). */
  async function deliveriesLeft(db: PostgresDatabase): Promise<number | undefined> {
    const [left] = await db.query<{ n: number }>(
      'left',
      'select count(*)::int as n from webhook_deliveries',
      [],
    );
    return left?.n;
  }

  async function receiver(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
    const r = await startReceiver(answer);
    open.push(r);
    return r;
  }

  it('two workers send each of 300 deliveries exactly once', async () => {
    const url = await engines.postgres().createDatabase();
    const r = await receiver();
    const [a, b] = [worker(url), worker(url)];
    const now = Date.now();
    await a.webhooks.save(endpointAt(r.url, now - 60_000));
    const orders: StoredOrder[] = Array.from({ length: 300 }, (_, n) => orderAt(n + 1, now - 1000 + n));
    await Promise.all(orders.map((o) => a.orders.create(o)));
    await Promise.all([a.queue.runDue(), b.queue.runDue(), a.queue.runDue(), b.queue.runDue()]);
    const counts = new Map<string, number>();
    for (const got of r.received) {
      const id = String(got.headers['webhook-id']);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.size).toBe(300);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(await deliveriesLeft(a.db)).toBe(0);
    const body = JSON.parse(r.received[0]?.body ?? '{}') as { request: { id: string } };
    expect(body.request.id).toMatch(/^req_test\d+$/);
  });

  it('sends each event as its claim brings it, reading nothing more, and settles a batch of successes in one statement', async () => {
    const url = await engines.postgres().createDatabase();
    const r = await receiver();
    const w = worker(url);
    const now = Date.now();
    const endpoint = endpointAt(r.url, now - 60_000);
    await w.webhooks.save(endpoint);
    const orders = Array.from({ length: 7 }, (_, n) => orderAt(n + 1, now - 1000 + n));
    await Promise.all(orders.map((o) => w.orders.create(o)));
    // a raised event (not an order's), to the same endpoint: it subscribes to every type
    await w.events.raise(endpointDisabledEvent('evt_raised1', { ...endpoint, id: 'we_other' }, now - 500));
    const ids = [...orders.map((o) => orderCreatedEvent(o).id), 'evt_raised1'];
    const query = vi.spyOn(w.db, 'query');
    try {
      await w.queue.runDue();
      const names = query.mock.calls.map(([name]) => name);
      expect(names.filter((name) => name === 'event_by_id' || name === 'order_by_id')).toEqual([]);
      expect(names.filter((name) => name.startsWith('deliver'))).toEqual(['deliveries_succeeded']);
    } finally {
      query.mockRestore();
    }
    // each body is the event as the events API reads it
    const bodies = new Map(
      r.received.map((got) => [String(got.headers['webhook-id']), JSON.parse(got.body)]),
    );
    expect([...bodies.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(bodies.get(id)).toEqual(eventBody((await w.events.get(id))!));
    const attempts = await w.db.query<{ outcome: string; n: number }>(
      'attempts',
      'select outcome, count(*)::int as n from webhook_attempts group by outcome',
      [],
    );
    expect(attempts).toEqual([{ outcome: 'succeeded', n: 8 }]);
    expect(await deliveriesLeft(w.db)).toBe(0);
  });

  it('claims as many deliveries at once as the embedded queue has in flight', async () => {
    const url = await engines.postgres().createDatabase();
    const r = await receiver();
    const w = worker(url);
    const now = Date.now();
    await w.webhooks.save(endpointAt(r.url, now - 60_000));
    await Promise.all(
      Array.from({ length: attemptsInFlight }, (_, n) => w.orders.create(orderAt(n + 1, now - 1000 + n))),
    );
    const queue = new PostgresDeliveryQueue(w.db, w.events, w.webhooks, { send: httpSender(false) });
    open.push(queue);
    const query = vi.spyOn(w.db, 'query');
    try {
      await queue.runDue();
      // one claim brings them all; the second finds nothing
      expect(query.mock.calls.filter(([name]) => name === 'claim_deliveries')).toHaveLength(2);
    } finally {
      query.mockRestore();
    }
    expect(r.received).toHaveLength(attemptsInFlight);
    expect(await deliveriesLeft(w.db)).toBe(0);
  });

  it('after a look that found nothing, local creates wait out a quiet spell, then one look sends', async () => {
    const url = await engines.postgres().createDatabase();
    const r = await receiver();
    const w = worker(url);
    await w.webhooks.save(endpointAt(r.url, Date.now() - 60_000));
    const queue = new PostgresDeliveryQueue(w.db, w.events, w.webhooks, {
      send: httpSender(false),
      quietMs: 300,
      pollMs: 60_000,
    });
    const query = vi.spyOn(w.db, 'query');
    const claims = () => query.mock.calls.filter(([name]) => name === 'claim_deliveries').length;
    try {
      await queue.runDue();
      const before = claims();
      queue.start();
      for (let n = 0; n < 50; n++) queue.enqueue();
      expect(claims()).toBe(before);
      await w.orders.create(orderAt(1, Date.now()));
      queue.enqueue();
      await vi.waitFor(() => expect(r.received).toHaveLength(1), { timeout: 10_000 });
    } finally {
      query.mockRestore();
      await queue.close();
    }
  });

  /** A queue on `w`'s stores whose attempts `attempt` makes (no HTTP). */
  function queueWith(w: ReturnType<typeof worker>, attempt: Attempt): PostgresDeliveryQueue {
    const queue = new PostgresDeliveryQueue(w.db, w.events, w.webhooks, { attempt });
    open.push(queue);
    return queue;
  }

  /** A queue whose attempt of evt_test1 succeeds, and whose other attempts fail once it has. */
  function successThenFailures(w: ReturnType<typeof worker>): PostgresDeliveryQueue {
    let firstDone!: () => void;
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    return queueWith(w, async (event, endpoint) => {
      if (event.id === 'evt_test1') {
        const result = judged(event, endpoint, true, Date.now());
        setImmediate(firstDone);
        return result;
      }
      await first; // the failure comes after the success
      return judged(event, endpoint, false, Date.now());
    });
  }

  /** The result of an attempt at `at`: a 204, or a 500 to be retried. */
  function judged(event: StoredEvent, endpoint: WebhookEndpoint, ok: boolean, at: number): AttemptResult {
    const record = {
      event_id: event.id,
      endpoint_id: endpoint.id,
      event_type: event.type,
      environment: event.environment,
      attempt: 1,
      at: new Date(at).toISOString(),
      status: ok ? 204 : 500,
      error: null,
      latency_ms: 1,
      outcome: ok ? ('succeeded' as const) : ('retrying' as const),
      next_at: ok ? null : new Date(at + 5_000).toISOString(),
    };
    return { record, gone: false, failed: !ok, retryAtMs: ok ? null : at + 5_000 };
  }

  it("records a batch's successes even when a sibling's attempt throws", async () => {
    const url = await engines.postgres().createDatabase();
    const w = worker(url);
    const now = Date.now();
    await w.webhooks.save(endpointAt('http://127.0.0.1:9/hooks', now - 60_000));
    await Promise.all([1, 2, 3, 4, 5].map((n) => w.orders.create(orderAt(n, now - 1000 + n))));
    const queue = queueWith(w, (event, endpoint) =>
      event.id === 'evt_test3'
        ? Promise.reject(new Error('the delivery thread died'))
        : Promise.resolve(judged(event, endpoint, true, Date.now())),
    );
    await expect(queue.runDue()).rejects.toThrow('the delivery thread died');
    const attempts = await w.db.query<{ event_id: string }>(
      'attempts',
      'select event_id from webhook_attempts order by event_id',
      [],
    );
    expect(attempts.map((a) => a.event_id)).toEqual(['evt_test1', 'evt_test2', 'evt_test4', 'evt_test5']);
    expect(await deliveriesLeft(w.db)).toBe(1);
  });

  it('failures after a success of the same batch start a new failing streak, and do not disable the endpoint', async () => {
    const url = await engines.postgres().createDatabase();
    const w = worker(url);
    const now = Date.now();
    await w.webhooks.save(endpointAt('http://127.0.0.1:9/hooks', now - 7 * 86_400_000));
    // the endpoint's last delivery failed for good six days ago (past the five days that disable it)
    await w.db.query(
      'old streak',
      "update webhook_endpoints set failing_since = now() - interval '6 days'",
      [],
    );
    // one success, then two failures at once: neither may read the streak the success ended
    await w.orders.create(orderAt(1, now - 3));
    await w.orders.create(orderAt(2, now - 2));
    await w.orders.create(orderAt(3, now - 1));
    const queue = successThenFailures(w);
    await queue.runDue();
    expect(await w.webhooks.get('we_test1')).toMatchObject({ status: 'enabled' });
    const [streak] = await w.db.query<{ hours: number }>(
      'streak',
      'select (extract(epoch from now() - failing_since) / 3600)::float8 as hours from webhook_endpoints',
      [],
    );
    expect(streak?.hours).toBeLessThan(1);
  });

  it('a settling that fails leaves its successes to the next one of the batch', async () => {
    const url = await engines.postgres().createDatabase();
    const w = worker(url);
    const now = Date.now();
    await w.webhooks.save(endpointAt('http://127.0.0.1:9/hooks', now - 60_000));
    await w.orders.create(orderAt(1, now - 2));
    await w.orders.create(orderAt(2, now - 1));
    // a success, then a failure to the same endpoint: the failure settles the success first, and
    // that settling fails once (a connection reset)
    const queue = successThenFailures(w);
    const query = w.db.query.bind(w.db);
    let resets = 0;
    vi.spyOn(w.db, 'query').mockImplementation((name, sql, params) => {
      if (name === 'deliveries_succeeded' && resets++ === 0) return Promise.reject(new Error('reset'));
      return query(name, sql, params);
    });
    await expect(queue.runDue()).rejects.toThrow('reset');
    vi.restoreAllMocks();
    const settled = await w.db.query<{ event_id: string }>(
      'attempts',
      "select event_id from webhook_attempts where outcome = 'succeeded'",
      [],
    );
    expect(settled).toEqual([{ event_id: 'evt_test1' }]);
    const left = await w.db.query<{ event_id: string }>(
      'left',
      'select event_id from webhook_deliveries order by 1',
      [],
    );
    expect(left).toEqual([{ event_id: 'evt_test2' }]); // the failure's, sent again after its lease
  });

  it('a success after a failure records both attempts, ends the failing streak and settles the delivery', async () => {
    const url = await engines.postgres().createDatabase();
    const r = await receiver((n) => ({ status: n === 0 ? 500 : 204 }));
    let now = Date.now();
    const w = worker(url, { now: () => now });
    await w.webhooks.save(endpointAt(r.url, now - 60_000));
    await w.orders.create(orderAt(1, now));
    await w.queue.runDue();
    const streak = () =>
      w.db.query<{ failing: boolean }>(
        'streak',
        'select failing_since is not null as failing from webhook_endpoints',
        [],
      );
    expect(await streak()).toEqual([{ failing: true }]);
    now += 60_000;
    await w.queue.runDue();
    expect(r.received).toHaveLength(2);
    const attempts = await w.db.query<{ outcome: string }>(
      'attempts',
      'select outcome from webhook_attempts order by attempt',
      [],
    );
    expect(attempts.map((a) => a.outcome)).toEqual(['retrying', 'succeeded']);
    expect(await streak()).toEqual([{ failing: false }]);
    expect(await deliveriesLeft(w.db)).toBe(0);
  });

  it('a 410 disables the endpoint, drops its deliveries and raises endpoint.disabled to its subscribers', async () => {
    const url = await engines.postgres().createDatabase();
    const gone = await receiver(() => ({ status: 410 }));
    const watcher = await receiver();
    const w = worker(url);
    const now = Date.now();
    await w.webhooks.save(endpointAt(gone.url, now - 60_000));
    await w.webhooks.save({
      ...endpointAt(watcher.url, now - 60_000),
      id: 'we_watcher',
      enabled_events: ['endpoint.disabled'],
    });
    await w.orders.create(orderAt(1, now - 500));
    await w.orders.create(orderAt(2, now - 400));
    await w.queue.runDue();
    expect(gone.received.length).toBeGreaterThanOrEqual(1);
    expect(await w.webhooks.get('we_test1')).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    expect(watcher.received.map((got) => JSON.parse(got.body) as { type: string })).toMatchObject([
      { type: 'endpoint.disabled', data: { object: { id: 'we_test1' } } },
    ]);
  });
});
