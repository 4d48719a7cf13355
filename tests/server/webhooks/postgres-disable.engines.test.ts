// One disable, one `endpoint.disabled`, on Postgres: two servers (workers) each with a delivery in
// flight to the same endpoint, both answered 410, disable it once and raise the event once.
import { describe, expect, it, vi } from 'vitest';
import type { StoredEvent, WebhookEndpoint, WebhookStore } from '../../../src/api/orders/deps.ts';
import type { AttemptResult } from '../../../server/webhooks/attempt.ts';
import { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { enginesAvailable } from '../../helpers/engines.ts';
import { endpointAt, judged, orderAt } from './fixture.ts';
import { usePostgresQueues } from './postgres-queue-session.ts';

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
      list: (environment) => store.list(environment),
      remove: (id) => store.remove(id),
      get: async (id) => {
        if (gate.armed && ++gate.arrived === 2) gate.open();
        if (gate.armed) await opened;
        return store.get(id);
      },
    });
    const queues = [w1, w2].map((w) =>
      closeAfter(new PostgresDeliveryQueue(w.db, w.events, gated(w.webhooks), { attempt, batch: 1 })),
    );
    const running = queues.map((q) => q.runDue());
    await vi.waitFor(() => expect(waiting).toHaveLength(2));
    gate.armed = true;
    for (const release of waiting.splice(0)) release();
    await Promise.all(running);
    expect(await w1.webhooks.get('we_test1')).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    const raised = await w2.events.list({ environment: 'sandbox', limit: 10, types: ['endpoint.disabled'] });
    expect(raised?.events).toHaveLength(1);
  });
});
