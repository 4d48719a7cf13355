// Delivery with orders in Postgres, outcomes: a batch's successes are settled even when a sibling's
// attempt throws, before a later failure to the same endpoint is judged (so it never reads the streak
// a success ended), and by the batch's next settling when one fails; a success after a failure
// records both attempts and ends the streak; a 410 disables the endpoint for every worker.
import { describe, expect, it, vi } from 'vitest';
import type { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { enginesAvailable } from '../../helpers/engines.ts';
import { endpointAt, judged, orderAt } from './fixture.ts';
import { usePostgresQueues, type Worker } from './postgres-queue-session.ts';

describe.skipIf(!enginesAvailable())('deliveries in Postgres: outcomes', () => {
  const { engines, worker, deliveriesLeft, receiver, queueWith } = usePostgresQueues();

  /** A queue whose attempt of evt_test1 succeeds, and whose other attempts fail once it has. */
  function successThenFailures(w: Worker): PostgresDeliveryQueue {
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
