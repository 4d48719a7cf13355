// A delivery queue over in-memory stores, a clock the test moves, and one endpoint: what the
// delivery tests share.
import type { StoredEvent, StoredOrder, WebhookEndpoint } from '../../../src/api/orders/deps.ts';
import type { AttemptResult } from '../../../server/webhooks/attempt.ts';
import { OrderDerivedEvents } from '../../../src/api/orders/events/derived-events.ts';
import { MemoryWebhookStore } from '../../../src/api/orders/events/memory-webhooks.ts';
import { orderCreatedEvent } from '../../../src/api/orders/events/order-event.ts';
import { MemoryOrderStore } from '../../../src/api/orders/memory-store.ts';
import { memoryAttemptLog } from '../../../server/webhooks/attempts.ts';
import { AttemptIndex, indexedLog } from '../../../server/webhooks/attempt-index.ts';
import { Deliverer } from '../../../server/webhooks/deliverer.ts';
import type { DelivererOptions } from '../../../server/webhooks/deliverer-options.ts';
import { EmbeddedEndpointDeliveries } from '../../../server/webhooks/embedded-deliveries.ts';
import { httpSender, type Sender } from '../../../server/webhooks/sender.ts';

/** A clock that moves only when the test says. */
export function manualClock(startMs: number) {
  let now = startMs;
  return { now: () => now, advance: (ms: number) => void (now += ms), set: (ms: number) => void (now = ms) };
}

/** An endpoint of the sandbox at `url`, subscribed to every type. */
export function endpointAt(
  url: string,
  createdMs: number,
  secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
): WebhookEndpoint {
  return {
    id: 'we_test1',
    url,
    description: '',
    enabled_events: ['*'],
    environment: 'sandbox',
    livemode: false,
    status: 'enabled',
    disabled_reason: null,
    created: new Date(createdMs).toISOString(),
    key_id: 'key_sandbox',
    secrets: [{ secret, expires_at: null }],
  };
}

/** An order of the sandbox created at `ms`. */
export function orderAt(n: number, ms: number): StoredOrder {
  return {
    id: `ord_test${n}`,
    customer: 'cus_acme',
    lines: [{ sku: 'sku_widget', qty: 1 }],
    livemode: false,
    created_at: new Date(ms).toISOString(),
    key_id: 'key_sandbox',
    environment: 'sandbox',
    idempotency_key: null,
    request_sha256: null,
    request_id: `req_test${n}`,
  };
}

/** A queue over memory stores and `webhooks`, sending with `send` (options: its clock, load, events…). */
export function memoryDeliverer(
  webhooks: MemoryWebhookStore,
  send: Sender,
  options: Partial<DelivererOptions> = {},
): Deliverer {
  return new Deliverer({
    events: new OrderDerivedEvents(new MemoryOrderStore()),
    webhooks,
    endpoints: () => webhooks.all(),
    log: memoryAttemptLog(),
    send,
    ...options,
  });
}

/** A queue over memory stores with one endpoint, sending over HTTP; nothing sends until runDue(). */
export function deliveryFixture(endpoint: WebhookEndpoint, clock: { now(): number }, timeoutMs = 15_000) {
  const orders = new MemoryOrderStore();
  const outcomes: { of?: (id: string) => boolean | undefined } = {};
  const events = new OrderDerivedEvents(orders, { delivery: (id) => outcomes.of?.(id) });
  const webhooks = new MemoryWebhookStore([endpoint]);
  const log = memoryAttemptLog();
  const index = new AttemptIndex();
  const deliverer = new Deliverer({
    events,
    webhooks,
    endpoints: () => webhooks.all(),
    log: indexedLog(log, index),
    clock,
    send: httpSender(false),
    random: () => 0.5,
    timeoutMs,
  });
  outcomes.of = (id) => deliverer.outcomeOf(id);
  const queue = deliverer;
  /** Stores an order and queues its event, as a 201 does. */
  const create = async (order: StoredOrder) => {
    await orders.create(order);
    queue.enqueue(orderCreatedEvent(order));
  };
  /** The queue's view of each endpoint (attempts, backlog, resends), as the server serves it. */
  const deliveries = new EmbeddedEndpointDeliveries(index, queue);
  return { orders, events, webhooks, log, deliverer: queue, deliveries, create };
}

/** The result of an attempt at `at`: a 204, or a 500 to be retried (for queues given no HTTP). */
export function judged(
  event: StoredEvent,
  endpoint: WebhookEndpoint,
  ok: boolean,
  at: number,
): AttemptResult {
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
