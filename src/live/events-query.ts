// The Events screen's state in the URL (type, environment, cursor) and the page it reads from the
// running API's events. Like the request log (./log-query.ts), unknown values are ignored, defaults
// are left out of the URL, and the same state reads back from the URL it writes.
import type { EventListQuery, StoredEvent } from '../api/orders/deps.ts';
import type { Environment } from '../api/request-record.ts';
import { logEnvironments } from './log-query.ts';
import { liveSource, type EventsReader } from './source.ts';

/** Events a screen shows at once. */
export const eventsPageSize = 50;

/** Event types the screen can be filtered by (docs/events.md). */
export const eventTypes: readonly string[] = [
  'order.created',
  'endpoint.disabled',
  'key.revoked',
  'key.rolled',
];

/** The environment shown when the URL names none: the demo key's. */
export const defaultEventsEnvironment: Environment = 'sandbox';

/** The Events screen's state: each parameter's accepted value (absent: the default). */
export interface EventsState {
  type?: string;
  env?: Environment;
  /** The id of the last event of the previous page. */
  after?: string;
}

/** The state the URL's parameters say; unknown or malformed values are dropped. */
export function parseEventsState(params: URLSearchParams): EventsState {
  const state: EventsState = {};
  const type = params.get('type');
  if (type !== null && eventTypes.includes(type)) state.type = type;
  const env = params.get('env');
  if (
    env !== null &&
    env !== defaultEventsEnvironment &&
    (logEnvironments as readonly string[]).includes(env)
  )
    state.env = env as Environment;
  const after = params.get('after');
  if (after !== null && /^evt_[A-Za-z0-9]{1,80}$/.test(after)) state.after = after;
  return state;
}

/** The screen's URL for `state` with `change` applied (undefined removes a parameter). */
export function eventsHref(state: EventsState, change: Partial<EventsState> = {}): string {
  const next = { ...state, ...change };
  const params = new URLSearchParams();
  if (next.type) params.set('type', next.type);
  if (next.env && next.env !== defaultEventsEnvironment) params.set('env', next.env);
  if (next.after) params.set('after', next.after);
  const search = params.toString();
  return search === '' ? '/app/api/events' : `/app/api/events?${search}`;
}

/** What the state asks the event store for. */
export function eventsPageQuery(state: EventsState): EventListQuery {
  return {
    environment: state.env ?? defaultEventsEnvironment,
    limit: eventsPageSize,
    ...(state.type ? { types: [state.type] } : {}),
    ...(state.after ? { startingAfter: state.after } : {}),
  };
}

/** One event as a row of the screen. */
export interface EventRow {
  id: string;
  type: string;
  created: string;
  /** The request that caused it (its page in the log); null when no call did. */
  requestId: string | null;
  /** The order an `order.*` event is about. */
  orderId: string | null;
}

/** An event as a row: its request, and its order when it is an order's. */
export function eventRow(event: StoredEvent): EventRow {
  const id = event.data.object.id;
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    requestId: event.request.id,
    orderId: event.type.startsWith('order.') && typeof id === 'string' ? id : null,
  };
}

/** One page of the Events screen: rows newest first and the cursor of the next (older) page. */
export interface EventsPage {
  rows: EventRow[];
  /** The `after` of the next page; null on the last page. */
  next: string | null;
  /** The cursor named no event of this environment (an old or edited link). */
  unknownCursor: boolean;
}

/** Reads the page `state` asks for from `events`. */
export async function readEventsPage(events: EventsReader, state: EventsState): Promise<EventsPage> {
  const page = await events.list(eventsPageQuery(state));
  if (!page) return { rows: [], next: null, unknownCursor: true };
  const rows = page.events.map(eventRow);
  const last = rows.at(-1);
  return { rows, next: page.hasMore && last ? last.id : null, unknownCursor: false };
}

/** The page the Events screen shows per request; null when no live API (or none with events) runs. */
export async function eventsScreen(state: EventsState): Promise<EventsPage | null> {
  const events = liveSource()?.events;
  return events ? readEventsPage(events, state) : null;
}
