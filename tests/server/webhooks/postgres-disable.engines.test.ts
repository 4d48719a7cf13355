// One disable, one `endpoint.disabled`, on Postgres: two servers (workers) each with a delivery in
// flight to the same endpoint, both answered 410, disable it once and raise the event once. The
// transaction that records the attempt and disables the endpoint locks the delivery, then the
// endpoint, as every writer does: a rival caught between its statements waits, and both commit.
import { describe, expect, it, vi } from 'vitest';
import type { StoredEvent, WebhookEndpoint, WebhookStore } from '../../../src/api/orders/deps.ts';
import { orderCreatedEvent } from '../../../src/api/orders/events/order-event.ts';
import { postgresSql } from '../../../server/stores/postgres/sql.ts';
import type { AttemptResult } from '../../../server/webhooks/attempt.ts';
import { succeededColumns } from '../../../server/webhooks/postgres-rows.ts';
import { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { enginesAvailable } from '../../helpers/engines.ts';
import { endpointAt, judged, orderAt } from './fixture.ts';
import { usePostgresQueues, type Worker } from './postgres-queue-session.ts';

/** A 410: the attempt's record says the endpoint is gone. */
function goneResult(event: StoredEvent, endpoint: WebhookEndpoint): AttemptResult {
  const { record } = judged(event, endpoint, false, Date.now());
  return {
    record: { ...record, status: 410, outcome: 'endpoint-disabled', next_at: null },
    gone: true,
    failed: true,
    retryAtMs: null,
  };
}

describe.skipIf(!enginesAvailable())('deliveries in Postgres: disabling an endpoint', () => {
  const { engines, worker, closeAfter } = usePostgresQueues();

  it('two workers refused 410 at once disable the endpoint once, with one endpoint.disabled', async () => {
    const url = await engines.postgres().createDatabase();
    const [w1, w2] = [worker(url), worker(url)];
    const now = Date.now();
    await w1.webhooks.save(endpointAt('http://127.0.0.1:9/gone', now - 60_000));
    await w1.orders.create(orderAt(1, now - 500));
    await w1.orders.create(orderAt(2, now - 400));
    const waiting: (() => void)[] = [];
    const attempt = async (event: StoredEvent, endpoint: WebhookEndpoint) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return goneResult(event, endpoint);
    };
    // Once both are answered, each worker's next look at the endpoint waits for the other's: both
    // judge it while it is still enabled, as two servers refused at the same instant do.
    const gate = { armed: false, arrived: 0, open: () => undefined as void };
    const opened = new Promise<void>((resolve) => (gate.open = resolve));
    const gated = (store: WebhookStore): WebhookStore => ({
      save: (e) => store.save(e),
      add: (e, max, since) => store.add(e, max, since),
      update: (id, change) => store.update(id, change),
      list: (environment) => store.list(environment),
      remove: (id) => store.remove(id),
      get: async (id) => {
        if (gate.armed && ++gate.arrived === 2) gate.open();
        if (gate.armed) await opened;
        return store.get(id);
      },
    });
    const queues = [w1, w2].map((w) =>
      closeAfter(new PostgresDeliveryQueue(w.db, gated(w.webhooks), { attempt, batch: 1 })),
    );
    const running = queues.map((q) => q.runDue());
    // Two claims on Postgres: on a loaded machine they can take longer than waitFor's default second.
    await vi.waitFor(() => expect(waiting).toHaveLength(2), { timeout: 10_000 });
    gate.armed = true;
    for (const release of waiting.splice(0)) release();
    await Promise.all(running);
    expect(await w1.webhooks.get('we_test1')).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    const raised = await w2.events.list({ environment: 'sandbox', limit: 10, types: ['endpoint.disabled'] });
    expect(raised?.events).toHaveLength(1);
  });

  /**
   * Worker 1 is refused 410 on evt_test1 (evt_test2 is leased to worker 2, sending it); its
   * disabling transaction stops after its `after`-th statement until `rival`, run by worker 2, waits
   * for a lock it holds. Resolves once both ended: how the rival's ended, and the stores.
   */
  async function disablingAgainst(after: number, rival: (w2: Worker, lease: string) => Promise<unknown>) {
    const url = await engines.postgres().createDatabase();
    const [w1, w2] = [worker(url), worker(url)];
    const now = Date.now();
    const lease = new Date(now + 60_000).toISOString();
    await w1.webhooks.save(endpointAt('http://127.0.0.1:9/gone', now - 60_000));
    await w1.orders.create(orderAt(1, now - 500));
    await w1.orders.create(orderAt(2, now - 400));
    await w1.db.query(
      'lease',
      `update webhook_deliveries set locked_until = $1 where event_id = 'evt_test2'`,
      [lease],
    );
    const waiting = async () => {
      const [row] = await w1.db.query<{ n: number }>(
        'waiting',
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
        [],
      );
      return row?.n;
    };
    let ended: Promise<{ value: unknown } | { error: string }> | undefined;
    const transaction = w1.db.transaction.bind(w1.db);
    vi.spyOn(w1.db, 'transaction').mockImplementation((name, work) =>
      transaction(name, (query) => {
        let n = 0;
        return work(async (sql, values) => {
          const rows = await query(sql, values);
          if (++n !== after) return rows;
          ended = rival(w2, lease).then(
            (value) => ({ value }),
            (error: unknown) => ({ error: String(error) }),
          );
          await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 10_000 });
          return rows;
        });
      }),
    );
    const attempt = (event: StoredEvent, endpoint: WebhookEndpoint) =>
      Promise.resolve(goneResult(event, endpoint));
    const failed = await closeAfter(new PostgresDeliveryQueue(w1.db, w1.webhooks, { attempt, batch: 1 }))
      .runDue()
      .then(
        () => null,
        (error: unknown) => String(error),
      );
    vi.restoreAllMocks();
    const raised = await w1.events.list({ environment: 'sandbox', limit: 10, types: ['endpoint.disabled'] });
    return {
      failed,
      rival: await ended,
      endpoint: await w1.webhooks.get('we_test1'),
      said: raised?.events.length,
    };
  }

  it('an endpoint deleted while it is being disabled: the delete waits, both commit', async () => {
    // after the attempt's statement: the delivery it settled is locked, the endpoint not yet
    const r = await disablingAgainst(1, (w2) => w2.webhooks.remove('we_test1'));
    expect(r).toEqual({ failed: null, rival: { value: true }, endpoint: undefined, said: 1 });
  });

  it("another worker's successes settled while it is being disabled: they wait, both commit", async () => {
    // after disable_webhook: the endpoint is locked; worker 2 settles evt_test2, which waits for it
    const r = await disablingAgainst(2, (w2, lease) => {
      const event = orderCreatedEvent(orderAt(2, Date.now() - 400));
      const { record } = judged(event, endpointAt('http://127.0.0.1:9/gone', 0), true, Date.now());
      const columns = succeededColumns([{ record, lease }]);
      return w2.db.query('deliveries_succeeded', postgresSql('deliveries_succeeded'), columns);
    });
    expect(r).toMatchObject({
      failed: null,
      rival: { value: [] },
      endpoint: { status: 'disabled' },
      said: 1,
    });
  });
});
