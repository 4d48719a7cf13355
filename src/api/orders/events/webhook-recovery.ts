// POST /v2/webhooks/{id}/resend (one event again) and POST /v2/webhooks/{id}/recover (every event
// the endpoint has not received since a time, as Svix's recovery after an outage). Both queue the
// deliveries again from attempt 1, and enable a disabled endpoint: the caller says it is back.
import type { z } from 'zod';
import type { KeyRecord, OrdersDeps, StoredEvent, WebhookEndpoint, WebhookStore } from '../deps.ts';
import type { PlainRequest, PlainResponse } from '../plain.ts';
import { json, problemResponse } from '../respond.ts';
import type { EndpointDeliveries } from './endpoint-deliveries.ts';
import { eventLimits, recoverWebhookSchema, resendWebhookSchema, sinceMs } from './event-contract.ts';
import { jsonBodyOf } from './json-body.ts';
import { ownEndpoint } from './webhook-routes.ts';

/** What resend and recover need: the stores and the queue. */
export type RequeueDeps = Pick<OrdersDeps, 'events' | 'clock'> & {
  webhooks: WebhookStore;
  deliveries: EndpointDeliveries;
  events: NonNullable<OrdersDeps['events']>;
};

const subscribed = (endpoint: WebhookEndpoint, type: string) =>
  endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type);

const fieldProblem = (headers: Record<string, string>, pointer: string, code: string, detail: string) =>
  problemResponse('validation-failed', detail, headers, [{ pointer, code, detail }]);

/** The key's endpoint `id` and the request's body as `schema` reads it, or the 404 / 4xx to answer. */
async function endpointAndBody<T>(
  id: string,
  request: PlainRequest,
  key: Pick<KeyRecord, 'environment'>,
  deps: RequeueDeps,
  schema: z.ZodType<T>,
  headers: Record<string, string>,
): Promise<{ endpoint: WebhookEndpoint; value: T } | PlainResponse> {
  const endpoint = await ownEndpoint(id, key, deps.webhooks);
  if (!endpoint)
    return problemResponse('not-found', `No webhook endpoint ${id} in this key's environment`, headers);
  const body = await jsonBodyOf(request, schema, headers);
  return 'value' in body ? { endpoint, value: body.value } : body;
}

/** Queues the events again (enabling the endpoint first) and answers 202. */
async function requeued(
  endpoint: WebhookEndpoint,
  eventIds: string[],
  deps: RequeueDeps,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  let enable = false;
  if (eventIds.length > 0) {
    // Enabled in one step with any other change or delete of it: a deleted endpoint stays deleted.
    const enabled = await deps.webhooks.update(endpoint.id, (current) => {
      enable = current.status === 'disabled';
      return enable ? { ...current, status: 'enabled', disabled_reason: null } : null;
    });
    if (enabled === undefined)
      return problemResponse(
        'not-found',
        `No webhook endpoint ${endpoint.id} in this key's environment`,
        headers,
      );
    await deps.deliveries.requeue(endpoint.id, eventIds);
  }
  return json(
    202,
    {
      object: 'webhook_requeue',
      endpoint_id: endpoint.id,
      queued: eventIds.length,
      event_ids: eventIds.slice(0, 100),
      enabled: enable,
    },
    headers,
  );
}

/** POST /v2/webhooks/{id}/resend: `{event_id}` sent to the endpoint again. */
export async function resendWebhookEvent(
  id: string,
  request: PlainRequest,
  key: Pick<KeyRecord, 'environment'>,
  deps: RequeueDeps,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const asked = await endpointAndBody(id, request, key, deps, resendWebhookSchema, headers);
  if (!('endpoint' in asked)) return asked;
  const { endpoint } = asked;
  const eventId = asked.value.event_id;
  const event = await deps.events.get(eventId);
  if (event?.environment !== key.environment)
    return fieldProblem(headers, '/event_id', 'unknown_event', `No event ${eventId} in this environment`);
  if (!subscribed(endpoint, event.type))
    return fieldProblem(
      headers,
      '/event_id',
      'not_subscribed',
      `${endpoint.id} does not receive ${event.type} events`,
    );
  return requeued(endpoint, [event.id], deps, headers);
}

/** The endpoint's events since `sinceMs` (and since it was made), newest first, up to `max`. */
async function eventsSince(
  endpoint: WebhookEndpoint,
  sinceMs: number,
  deps: RequeueDeps,
  max: number,
): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  const types = endpoint.enabled_events.includes('*') ? undefined : endpoint.enabled_events;
  let after: string | undefined;
  while (found.length < max) {
    const page = await deps.events.list({
      environment: endpoint.environment,
      limit: 100,
      startingAfter: after,
      types,
      createdGteMs: Math.max(sinceMs, Date.parse(endpoint.created)),
    });
    if (!page) break;
    const ids = page.events.map((e) => e.id);
    const done = await deps.deliveries.deliveredOrWaiting(endpoint.id, ids);
    for (const event of page.events) if (!done.has(event.id) && found.length < max) found.push(event);
    if (!page.hasMore) break;
    after = ids.at(-1);
  }
  return found;
}

/** POST /v2/webhooks/{id}/recover: `{since}`; every event not delivered nor waiting is sent again. */
export async function recoverWebhook(
  id: string,
  request: PlainRequest,
  key: Pick<KeyRecord, 'environment'>,
  deps: RequeueDeps,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const asked = await endpointAndBody(id, request, key, deps, recoverWebhookSchema, headers);
  if (!('endpoint' in asked)) return asked;
  const { endpoint } = asked;
  const fromMs = sinceMs(asked.value.since);
  if (fromMs > deps.clock.now())
    return fieldProblem(headers, '/since', 'in_future', 'since cannot be in the future');
  const events = await eventsSince(endpoint, fromMs, deps, eventLimits.maxRecovered);
  return requeued(
    endpoint,
    events.map((e) => e.id),
    deps,
    headers,
  );
}
