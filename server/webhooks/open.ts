// Events, webhook endpoints and their delivery for a server process, on the stores it runs on: on
// the embedded default, files in the orders folder beside the journal (server/events/).
import type { Clock, OrdersDeps } from '../../src/api/orders/deps.ts';
import { openEmbeddedEvents } from '../events/embedded-events.ts';
import type { ApiStores } from '../stores/select.ts';
import { openAttemptFile } from './attempts.ts';
import { Deliverer } from './deliverer.ts';
import type { DelivererOptions } from './deliverer-options.ts';
import type { DeliveryQueue } from './queue.ts';
import { OrderDerivedEvents } from '../../src/api/orders/events/derived-events.ts';
import type { PostgresDatabase } from '../stores/postgres/database.ts';
import { burstDeferFromEnv, busyShareFromEnv, eventLoopLoad } from './burst.ts';
import { AttemptIndex, indexedLog } from './attempt-index.ts';
import { EmbeddedEndpointDeliveries } from './embedded-deliveries.ts';
import { openRequeueFile } from './requeues.ts';
import { attemptTimeoutMs } from './schedule.ts';
import { allowPrivateFromEnv, guardedLookupCheck } from './sender.ts';
import { AttemptThread } from './threaded-attempts.ts';

/**
 * How deliveries are made. By default attempts run on the delivery thread (threaded-attempts.ts);
 * tests that inject a sender (with the jitter and a short time-out) run them in this thread.
 */
export type DeliveryOptions = Partial<
  Pick<DelivererOptions, 'send' | 'random' | 'timeoutMs' | 'concurrency' | 'load' | 'burstDeferMs'>
> & {
  /** Start sending on its own (default true); false: only `runDue()` sends (an injected clock). */
  autoStart?: boolean;
};

/** The deps events add, the delivery queue, and what to close. */
export interface EventRuntime {
  deps: Pick<OrdersDeps, 'events' | 'webhooks' | 'onEvent' | 'checkWebhookUrl' | 'deliveries'>;
  deliverer: DeliveryQueue;
  close(): Promise<void>;
}

/** Events, endpoints and delivery in the Postgres database orders live in. */
async function openPostgresEvents(
  stores: ApiStores & { database: PostgresDatabase },
  clock: Clock,
  options: DeliveryOptions,
): Promise<EventRuntime> {
  const pg = await import('../stores/postgres/event-stores.ts');
  const { PostgresDeliveryQueue } = await import('./postgres-queue.ts');
  const { PostgresEndpointDeliveries } = await import('./postgres-deliveries.ts');
  const thread = deliveryThread(options);
  const db = stores.database;
  const events = new OrderDerivedEvents(stores.orders, {
    raised: new pg.PostgresRaisedEvents(db),
    delivery: (id) => pg.postgresDeliveryOutcome(db, id),
  });
  const webhooks = new pg.PostgresWebhookStore(db);
  const queue = new PostgresDeliveryQueue(db, webhooks, {
    clock,
    ...options,
    ...(thread && { attempt: thread.attempt }),
  });
  if (options.autoStart !== false) queue.start();
  const allowPrivate = allowPrivateFromEnv();
  return {
    deps: {
      events,
      webhooks,
      onEvent: () => queue.enqueue(),
      deliveries: new PostgresEndpointDeliveries(db, clock, () => queue.enqueue()),
      checkWebhookUrl: (url, livemode) => guardedLookupCheck(url, livemode, allowPrivate),
    },
    deliverer: queue,
    close: async () => {
      await queue.close();
      await thread?.close();
    },
  };
}

/** The delivery thread, unless the options inject a sender (then attempts run in this thread). */
function deliveryThread(options: DeliveryOptions): AttemptThread | null {
  if (options.send) return null;
  return new AttemptThread({
    timeoutMs: options.timeoutMs ?? attemptTimeoutMs,
    allowPrivate: allowPrivateFromEnv(),
  });
}

/** Opens events, endpoints and delivery over the stores; the queue is rebuilt before it returns. */
export async function openEventStores(
  stores: ApiStores,
  ordersDir: string,
  clock: Clock,
  options: DeliveryOptions = {},
): Promise<EventRuntime> {
  if (stores.database) return openPostgresEvents({ ...stores, database: stores.database }, clock, options);
  let deliverer: Deliverer | null = null;
  const embedded = await openEmbeddedEvents(ordersDir, stores.orders, (id) => deliverer?.outcomeOf(id));
  const log = await openAttemptFile(ordersDir);
  const requeues = await openRequeueFile(ordersDir);
  const index = new AttemptIndex();
  const thread = deliveryThread(options);
  deliverer = new Deliverer({
    events: embedded.events,
    webhooks: embedded.webhooks,
    endpoints: () => embedded.webhooks.all(),
    log: indexedLog(log, index),
    requeues,
    clock,
    load: eventLoopLoad(busyShareFromEnv()),
    burstDeferMs: burstDeferFromEnv(),
    ...options,
    ...(thread && { attempt: thread.attempt }),
  });
  const queue = deliverer;
  await queue.restore();
  if (options.autoStart !== false) queue.start();
  const allowPrivate = allowPrivateFromEnv();
  return {
    deps: {
      events: embedded.events,
      webhooks: embedded.webhooks,
      onEvent: (event) => queue.enqueue(event),
      deliveries: new EmbeddedEndpointDeliveries(index, queue),
      checkWebhookUrl: (url, livemode) => guardedLookupCheck(url, livemode, allowPrivate),
    },
    deliverer: queue,
    close: async () => {
      await queue.close();
      await thread?.close();
      await log.close();
      await requeues.close();
      await embedded.close();
    },
  };
}
