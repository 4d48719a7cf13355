// GET /v2/events (cursor pages, filters type, created and delivery_success), GET /v2/events/{id}
// and GET /v2/orders/{id}/events: the key's environment's events only, as Stripe lists them.
import type { ProblemDetail } from '../contract.ts';
import type { EventListQuery, EventStore, KeyRecord, OrdersDeps } from '../deps.ts';
import { badListQuery, queryProblems, readListQuery, unknownCursor } from '../list-query.ts';
import type { PlainResponse } from '../plain.ts';
import { json, problemResponse } from '../respond.ts';
import { isoInstantMs } from '../../../lib/instant.ts';
import { eventTypes } from './event-contract.ts';
import { eventBody, orderEventId } from './order-event.ts';

const eventId = /^evt_[A-Za-z0-9]+$/;
const eventCursor = { pattern: eventId, names: 'an event id (evt_…)' };
const createdBounds = ['created[gte]', 'created[gt]', 'created[lt]', 'created[lte]'] as const;
const filters = ['type', 'delivery_success', ...createdBounds];

/** An instant in ms (fractional below the ms): Unix seconds, or isoInstantMs's date or date-time. */
function instantMs(text: string): number {
  return /^\d{1,12}$/.test(text) ? Number(text) * 1000 : isoInstantMs(text);
}

/** The query of GET /v2/events, or every problem with it (one entry per parameter). */
export function parseEventQuery(
  target: string,
  environment: KeyRecord['environment'],
): { ok: true; query: EventListQuery } | { ok: false; errors: ProblemDetail[] } {
  const { params, errors, limit, startingAfter, refuse } = readListQuery(target, filters, eventCursor);
  const query: EventListQuery = { environment, limit };
  if (startingAfter !== undefined) query.startingAfter = startingAfter;
  const type = params.get('type');
  if (type !== null) {
    if ((eventTypes as readonly string[]).includes(type)) query.types = [type];
    else refuse('type', 'invalid_type', `type must be one of ${eventTypes.join(', ')}`);
  }
  for (const bound of createdBounds) {
    const text = params.get(bound);
    if (text === null) continue;
    const ms = instantMs(text);
    if (Number.isNaN(ms)) {
      refuse(
        bound,
        'invalid_created',
        `${bound} must be a date (2026-11-28), a date-time with an offset (2026-11-28T09:30:00Z) or Unix seconds`,
      );
      continue;
    }
    // As whole ms, the bounds events are compared with: at or after ms means from its ceiling on,
    // after it from its floor's next ms on.
    const from = bound === 'created[gte]' || bound === 'created[lt]' ? Math.ceil(ms) : Math.floor(ms) + 1;
    if (bound === 'created[gte]' || bound === 'created[gt]')
      query.createdGteMs = Math.max(query.createdGteMs ?? from, from);
    else query.createdLtMs = Math.min(query.createdLtMs ?? from, from);
  }
  const success = params.get('delivery_success');
  if (success !== null) {
    if (success === 'true' || success === 'false') query.deliverySuccess = success === 'true';
    else refuse('delivery_success', 'invalid_delivery_success', 'delivery_success must be true or false');
  }
  return errors.length === 0 ? { ok: true, query } : { ok: false, errors };
}

/** GET /v2/events. */
export async function listEvents(
  target: string,
  key: KeyRecord,
  events: EventStore,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const parsed = parseEventQuery(target, key.environment);
  if (!parsed.ok) return badListQuery(parsed.errors, headers);
  const page = await events.list(parsed.query);
  if (page === null) return unknownCursor('event', headers);
  return json(200, { object: 'list', data: page.events.map(eventBody), has_more: page.hasMore }, headers);
}

/** GET /v2/events/{id}: it takes no query. */
export async function getEvent(
  target: string,
  id: string,
  key: KeyRecord,
  events: EventStore,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const refused = queryProblems(target);
  if (refused.length > 0) return badListQuery(refused, headers);
  const event = eventId.test(id) ? await events.get(id) : undefined;
  if (event?.environment !== key.environment)
    return problemResponse('not-found', `No event ${id} in this key's environment`, headers);
  return json(200, eventBody(event), headers);
}

/** GET /v2/orders/{id}/events: the events about one order of the key's environment; no query. */
export async function orderEvents(
  target: string,
  orderId: string,
  key: KeyRecord,
  deps: OrdersDeps & { events: EventStore },
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const refused = queryProblems(target);
  if (refused.length > 0) return badListQuery(refused, headers);
  const order = await deps.orders.get(orderId);
  if (order?.environment !== key.environment)
    return problemResponse('not-found', `No order ${orderId} in this key's environment`, headers);
  const created = await deps.events.get(orderEventId(order.id));
  const data = created ? [eventBody(created)] : [];
  return json(200, { object: 'list', data, has_more: false }, headers);
}
