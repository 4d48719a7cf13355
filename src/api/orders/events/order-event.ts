// The events an order and an endpoint raise, built from what is stored. An order's `order.created`
// is not stored apart: its journal line (or row) carries the Request-Id, so the event is durable in
// the very write that makes the order durable, and its id is the order's (`ord_X` → `evt_X`).
import type { StoredEvent, StoredOrder, WebhookEndpoint } from '../deps.ts';
import { orderBody } from '../order-body.ts';
import type { ApiWebhookEndpoint } from './event-contract.ts';

/** The id of an order's `order.created` event. */
export function orderEventId(orderId: string): string {
  return `evt_${orderId.slice('ord_'.length)}`;
}

/** The order an `order.created` event id names (the inverse of orderEventId). */
export function orderIdOfEvent(eventId: string): string {
  return `ord_${eventId.slice('evt_'.length)}`;
}

/** An order's `order.created` event: its data is the order as the 201 returned it. */
export function orderCreatedEvent(order: StoredOrder): StoredEvent {
  return {
    id: orderEventId(order.id),
    object: 'event',
    type: 'order.created',
    created: order.created_at,
    livemode: order.livemode,
    environment: order.environment,
    data: { object: orderBody(order, ['order.created']) },
    request: { id: order.request_id ?? null, idempotency_key: order.idempotency_key },
  };
}

/** An endpoint as the API returns it; the secret only when just made (a create or a roll). */
export function webhookBody(endpoint: WebhookEndpoint, showSecret = false): ApiWebhookEndpoint {
  const body: ApiWebhookEndpoint = {
    id: endpoint.id,
    object: 'webhook_endpoint',
    url: endpoint.url,
    description: endpoint.description,
    enabled_events: endpoint.enabled_events,
    livemode: endpoint.livemode,
    status: endpoint.status,
    disabled_reason: endpoint.disabled_reason,
    created: endpoint.created,
  };
  if (showSecret && endpoint.secrets[0]) body.secret = endpoint.secrets[0].secret;
  return body;
}

/** The `endpoint.disabled` event of an endpoint just disabled. */
export function endpointDisabledEvent(id: string, endpoint: WebhookEndpoint, createdMs: number): StoredEvent {
  return {
    id,
    object: 'event',
    type: 'endpoint.disabled',
    created: new Date(createdMs).toISOString(),
    livemode: endpoint.livemode,
    environment: endpoint.environment,
    data: { object: { ...webhookBody(endpoint) } },
    request: { id: null, idempotency_key: null },
  };
}

/** Whether an endpoint receives an event: of its types and environment, raised since it was made. */
export function subscribes(
  endpoint: WebhookEndpoint,
  event: Pick<StoredEvent, 'type' | 'created' | 'environment'>,
): boolean {
  return (
    endpoint.status === 'enabled' &&
    endpoint.created <= event.created &&
    endpoint.environment === event.environment &&
    (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type))
  );
}

/** The event as the API returns it (and as a delivery's body): without the store's environment. */
export function eventBody(event: StoredEvent): Omit<StoredEvent, 'environment'> {
  const { environment: _environment, ...body } = event;
  return body;
}
