// Delivery with orders in Postgres, claiming and sending: each order's delivery is inserted by the
// statement that inserts the order, and two workers claiming at once (FOR UPDATE SKIP LOCKED) send
// each attempt exactly once in a fault-free run, counted at the receiver. The events of a claim are
// sent as it brings them (no event or order read per delivery), and a batch's successes settle in
// one statement. One claim takes as many deliveries as the embedded queue has in flight. A worker
// that found nothing does not look again on every local create. Outcomes and failing streaks:
// postgres-queue-outcomes.engines.test.ts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { StoredOrder } from '../../../src/api/orders/deps.ts';
import {
  endpointDisabledEvent,
  eventBody,
  orderCreatedEvent,
} from '../../../src/api/orders/events/order-event.ts';
import { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { attemptsInFlight } from '../../../server/webhooks/queue.ts';
import { httpSender } from '../../../server/webhooks/sender.ts';
import { enginesAvailable } from '../../helpers/engines.ts';
import { until } from '../../helpers/poll.ts';
import { endpointAt, judged, orderAt } from './fixture.ts';
import { usePostgresQueues } from './postgres-queue-session.ts';

describe.skipIf(!enginesAvailable())('deliveries in Postgres: claiming and sending', () => {
  const { engines, worker, deliveriesLeft, receiver, closeAfter } = usePostgresQueues();

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
    // 16 slots: the endpoint's share (half) takes all 8 in one claim
    const queue = closeAfter(
      new PostgresDeliveryQueue(w.db, w.webhooks, { send: httpSender(false), batch: 16 }),
    );
    const query = vi.spyOn(w.db, 'query');
    try {
      await queue.runDue();
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
    // two endpoints, each order delivered to both: one endpoint gets half the slots at most
    await w.webhooks.save(endpointAt(r.url, now - 60_000));
    await w.webhooks.save({ ...endpointAt(r.url, now - 60_000), id: 'we_test2' });
    const orders = attemptsInFlight / 2;
    await Promise.all(
      Array.from({ length: orders }, (_, n) => w.orders.create(orderAt(n + 1, now - 1000 + n))),
    );
    const queue = new PostgresDeliveryQueue(w.db, w.webhooks, { send: httpSender(false) });
    closeAfter(queue);
    const query = vi.spyOn(w.db, 'query');
    try {
      await queue.runDue();
      // the first claim asks for them all, and brings them
      const at = query.mock.calls.findIndex(([name]) => name === 'claim_deliveries');
      expect(query.mock.calls[at]?.[2]?.[2]).toBe(attemptsInFlight);
      expect(await (query.mock.results[at]?.value as Promise<unknown[]>)).toHaveLength(attemptsInFlight);
    } finally {
      query.mockRestore();
    }
    expect(r.received).toHaveLength(attemptsInFlight);
    expect(await deliveriesLeft(w.db)).toBe(0);
  });

  /**
   * A worker with two endpoints: `we_hung` (to `endpoint.disabled`), whose receiver never answers,
   * and a healthy one (to `order.created`).
   */
  async function hungAndHealthy() {
    const url = await engines.postgres().createDatabase();
    const healthy = await receiver();
    const hung = await receiver(() => 'hang');
    const w = worker(url);
    const now = Date.now();
    const slow = {
      ...endpointAt(hung.url, now - 60_000),
      id: 'we_hung',
      enabled_events: ['endpoint.disabled'],
    };
    await w.webhooks.save(slow);
    await w.webhooks.save({ ...endpointAt(healthy.url, now - 60_000), enabled_events: ['order.created'] });
    return { w, healthy, hung, slow, now };
  }

  it('sends to a healthy endpoint while an attempt to a hung one waits for its time-out', async () => {
    const { w, healthy, hung, slow, now } = await hungAndHealthy();
    // the hung endpoint's delivery is the oldest: it is in the first claim
    await w.events.raise(endpointDisabledEvent('evt_first1', { ...slow, id: 'we_other' }, now - 2000));
    await Promise.all(Array.from({ length: 40 }, (_, n) => w.orders.create(orderAt(n + 1, now - 1000 + n))));
    const queue = closeAfter(
      new PostgresDeliveryQueue(w.db, w.webhooks, {
        send: httpSender(false),
        batch: 8,
        timeoutMs: 4_000,
      }),
    );
    const running = queue.runDue();
    // all before the hung attempt times out (a worker that waited for its whole claim sent 7)
    await until('the healthy endpoint has every order', () => healthy.received.length === 40, {
      timeoutMs: 3_000,
    });
    expect(hung.received).toHaveLength(1);
    await running;
    const outcomes = await w.db.query<{ endpoint_id: string; n: number }>(
      'attempts',
      'select endpoint_id, count(*)::int as n from webhook_attempts group by 1 order by 1',
      [],
    );
    expect(outcomes).toEqual([
      { endpoint_id: 'we_hung', n: 1 },
      { endpoint_id: 'we_test1', n: 40 },
    ]);
  });

  it("claims of one endpoint's deliveries at most half the slots: another's are sent while it hangs", async () => {
    const { w, healthy, hung, slow, now } = await hungAndHealthy();
    // 20 deliveries to the hung endpoint, all older than the healthy endpoint's 10
    for (let n = 0; n < 20; n++)
      await w.events.raise(
        endpointDisabledEvent(`evt_old${n}`, { ...slow, id: `we_gone${n}` }, now - 5000 + n),
      );
    await Promise.all(Array.from({ length: 10 }, (_, n) => w.orders.create(orderAt(n + 1, now - 1000 + n))));
    const queue = new PostgresDeliveryQueue(w.db, w.webhooks, {
      send: httpSender(false),
      batch: 8,
      timeoutMs: 3_000,
    });
    const running = queue.runDue();
    try {
      // before the hung attempts time out (a claim of the 8 oldest would have held every slot)
      await until('the healthy endpoint has every order', () => healthy.received.length === 10, {
        timeoutMs: 2_500,
      });
      expect(hung.received.length).toBeLessThanOrEqual(4);
    } finally {
      await queue.close();
      await running;
    }
  });

  it("refills an endpoint's share as half of it frees, without waiting for its claim's slowest", async () => {
    const url = await engines.postgres().createDatabase();
    const w = worker(url);
    const now = Date.now();
    await w.webhooks.save(endpointAt('http://127.0.0.1:9/hooks', now - 60_000));
    await Promise.all(Array.from({ length: 12 }, (_, n) => w.orders.create(orderAt(n + 1, now - 1000 + n))));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    // 8 slots, a share of 4; the oldest delivery hangs; no poll comes to the rescue
    const queue = closeAfter(
      new PostgresDeliveryQueue(w.db, w.webhooks, {
        batch: 8,
        pollMs: 60_000,
        attempt: async (event, endpoint) => {
          if (event.id === 'evt_test1') await released;
          sent.push(event.id);
          return judged(event, endpoint, true, Date.now());
        },
      }),
    );
    const running = queue.runDue();
    try {
      await until('every delivery but the hung one', () => sent.length === 11, { timeoutMs: 5_000 });
    } finally {
      release();
      await running;
    }
    expect(await deliveriesLeft(w.db)).toBe(0);
  });

  it('a second look on a queue whose slots the first holds waits for one instead of spinning', async () => {
    const url = await engines.postgres().createDatabase();
    // in a process of its own: a loop that never awaits would stop this one's timers too
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('./two-looks.ts', import.meta.url)), url],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(child.signal, child.stderr).toBeNull();
    expect(JSON.parse(child.stdout)).toEqual({ started: 12 });
  });

  it('after a look that found nothing, local creates wait out a quiet spell, then one look sends', async () => {
    const url = await engines.postgres().createDatabase();
    const r = await receiver();
    const w = worker(url);
    await w.webhooks.save(endpointAt(r.url, Date.now() - 60_000));
    const queue = new PostgresDeliveryQueue(w.db, w.webhooks, {
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
});
