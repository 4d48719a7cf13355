// The Postgres delivery tests' session: a throwaway database per test, workers over it (each its
// own pool, stores and queue), receivers on 127.0.0.1, and everything they open closed after each
// test.
import { afterEach } from 'vitest';
import { OrderDerivedEvents } from '../../../src/api/orders/events/derived-events.ts';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresRaisedEvents, PostgresWebhookStore } from '../../../server/stores/postgres/event-stores.ts';
import { PostgresOrderStore } from '../../../server/stores/postgres/order-store.ts';
import type { Attempt } from '../../../server/webhooks/attempt.ts';
import { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { httpSender } from '../../../server/webhooks/sender.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';
import { useEngines } from '../../helpers/engines.ts';

/** One worker: its pool, stores and queue. */
export type Worker = ReturnType<ReturnType<typeof usePostgresQueues>['worker']>;

/** Call inside a describe: the engines, and helpers whose openings close after each test. */
export function usePostgresQueues() {
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
    const queue = new PostgresDeliveryQueue(db, webhooks, {
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

  /** A queue on `w`'s stores whose attempts `attempt` makes (no HTTP). */
  function queueWith(w: ReturnType<typeof worker>, attempt: Attempt): PostgresDeliveryQueue {
    const queue = new PostgresDeliveryQueue(w.db, w.webhooks, { attempt });
    open.push(queue);
    return queue;
  }

  /** Closes `closable` after the test. */
  function closeAfter<T extends { close(): Promise<void> }>(closable: T): T {
    open.push(closable);
    return closable;
  }

  return { engines, worker, deliveriesLeft, receiver, queueWith, closeAfter };
}
