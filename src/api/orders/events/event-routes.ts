// GET /v2/events (cursor pages, filters type, created and delivery_success), GET /v2/events/{id}
// and GET /v2/orders/{id}/events: the key's environment's events only, as Stripe lists them.
import type { ProblemDetail } from '../contract.ts';
import type { EventListQuery, EventStore, KeyRecord, OrdersDeps } from '../deps.ts';
import { badListQuery, queryProblems, readListQuery, unknownCursor } from '../list-query.ts';
import type { PlainResponse } from '../plain.ts';
import { json, problemResponse } from '../respond.ts';
import { eventTypes } from './event-contract.ts';
import { eventBody, orderEventId } from './order-event.ts';

const eventId = /^evt_[A-Za-z0-9]+$/;
const eventCursor = { pattern: eventId, names: 'an event id (evt_…)' };
const createdBounds = ['created[gte]', 'created[gt]', 'created[lt]', 'created[lte]'] as const;
const filters = ['type', 'delivery_success', ...createdBounds];

const isoInstant = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?(Z|([+-])(\d\d):(\d\d)))?$/i;

/**
 * An instant in ms, fractional below the ms (events are created to the ms), given as Unix seconds,
 * a date (its midnight UTC, as the audit trail reads one), or a date-time with an offset (one
 * without would be read in the server's own time zone: refused, as `recover` and the audit trail
 * refuse it). NaN if it is none of these, or names a date or time that does not exist (30
 * February, 24:00, a 60th minute or second): Date.UTC would roll those over.
 */
function instantMs(text: string): number {
  if (/^\d{1,12}$/.test(text)) return Number(text) * 1000;
  const match = isoInstant.exec(text);
  if (match === null) return NaN;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', fraction = '', zone, sign, zh = '0', zm = '0'] = match;
  if (match[4] !== undefined && zone === undefined) return NaN;
  const days = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  const real =
    Number(mo) >= 1 &&
    Number(mo) <= 12 &&
    Number(d) >= 1 &&
    Number(d) <= days &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(sec) <= 59 &&
    Number(zh) <= 23 &&
    Number(zm) <= 59;
  if (!real) return NaN;
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) * 60_000;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
  return utc - offsetMs + (fraction === '' ? 0 : Number(fraction) * 1000);
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
