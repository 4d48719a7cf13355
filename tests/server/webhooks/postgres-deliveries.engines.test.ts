// An endpoint's deliveries as Postgres knows them, for its console page: attempts newest first with
// ISO times, the backlog (waiting, next attempt), and a resend that makes a waiting retry due now.
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresWebhookStore } from '../../../server/stores/postgres/event-stores.ts';
import { PostgresOrderStore } from '../../../server/stores/postgres/order-store.ts';
import { PostgresEndpointDeliveries } from '../../../server/webhooks/postgres-deliveries.ts';
import { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { httpSender } from '../../../server/webhooks/sender.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { endpointAt, manualClock, orderAt } from './fixture.ts';

describe.skipIf(!enginesAvailable())('endpoint deliveries in Postgres', () => {
  const engines = useEngines();
  let db: PostgresDatabase | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await db?.close();
    await receiver?.close();
  });

  it('shows a failed attempt and its retry, and a resend makes the retry due now', async () => {
    db = new PostgresDatabase(await engines.postgres().createDatabase());
    receiver = await startReceiver((n) => ({ status: n === 0 ? 503 : 204 }));
    const t0 = Date.now();
    const clock = manualClock(t0);
    const orders = new PostgresOrderStore(db);
    const webhooks = new PostgresWebhookStore(db);
    const queue = new PostgresDeliveryQueue(db, webhooks, {
      clock,
      send: httpSender(false),
      random: () => 0.5,
    });
    const deliveries = new PostgresEndpointDeliveries(db, clock);
    await webhooks.save(endpointAt(receiver.url, t0 - 1000));
    await orders.create(orderAt(1, t0));
    await queue.runDue();

    const [failed] = await deliveries.attempts('we_test1', 10);
    expect(failed).toMatchObject({ event_id: 'evt_test1', attempt: 1, status: 503, outcome: 'retrying' });
    expect(failed?.at).toBe(new Date(t0).toISOString());
    expect(failed?.next_at).toBe(new Date(t0 + 5_000).toISOString());
    expect(await deliveries.backlog('we_test1')).toEqual({
      waiting: 1,
      next_attempt_at: new Date(t0 + 5_000).toISOString(),
    });
    expect(await deliveries.deliveredOrWaiting('we_test1', ['evt_test1', 'evt_other'])).toEqual(
      new Set(['evt_test1']),
    );

    await deliveries.requeue('we_test1', ['evt_test1']);
    await queue.runDue();
    expect((await deliveries.attempts('we_test1', 10)).map((a) => [a.attempt, a.status])).toEqual([
      [1, 204],
      [1, 503],
    ]);
    expect(await deliveries.backlog('we_test1')).toEqual({ waiting: 0, next_attempt_at: null });
    expect(await deliveries.deliveredOrWaiting('we_test1', ['evt_test1'])).toEqual(new Set(['evt_test1']));
  });
});
