// Events over an order store: each order's `order.created` is read from the order itself (stored in
// the same write), and the few events no order carries (endpoint.disabled, key.*) are held here,
// kept in memory (made durable first by the server's events file) or in Postgres.
import type { EventListPage, EventListQuery, EventStore, OrderStore, StoredEvent } from '../deps.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import { orderCreatedEvent, orderIdOfEvent } from './order-event.ts';

/** Whether every delivery of an event succeeded (true), some did not yet (false), or it had none. */
export type DeliveryOutcome = (eventId: string) => MaybePromise<boolean | undefined>;

/** Where the events no order carries are kept. */
export interface RaisedEvents {
  /** Resolves once durable. */
  add(event: StoredEvent): Promise<void>;
  get(id: string): MaybePromise<StoredEvent | undefined>;
  /** An environment's raised events, newest first. */
  newestFirst(environment: StoredEvent['environment']): MaybePromise<StoredEvent[]>;
}

/** How the store keeps the events no order carries. */
export interface DerivedEventsOptions {
  /** Default: in memory (MemoryRaisedEvents). */
  raised?: RaisedEvents;
  /** Delivery outcomes, for `delivery_success`. */
  delivery?: DeliveryOutcome;
}

/** Newest first: created, then id. */
export function newerFirst(a: StoredEvent, b: StoredEvent): number {
  if (a.created !== b.created) return a.created > b.created ? -1 : 1;
  return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
}

/** Raised events in memory; `persist` (the server's events file) makes each durable first. */
export class MemoryRaisedEvents implements RaisedEvents {
  /** Newest first. */
  private readonly events: StoredEvent[] = [];
  private readonly byId = new Map<string, StoredEvent>();
  private readonly persist: (event: StoredEvent) => Promise<void>;

  constructor(
    restored: Iterable<StoredEvent> = [],
    persist: (event: StoredEvent) => Promise<void> = () => Promise.resolve(),
  ) {
    for (const event of restored) this.remember(event);
    this.persist = persist;
  }

  /** Records an event, durable first. */
  async add(event: StoredEvent): Promise<void> {
    await this.persist(event);
    this.remember(event);
  }

  /** A raised event by id. */
  get(id: string): StoredEvent | undefined {
    return this.byId.get(id);
  }

  /** An environment's raised events, newest first. */
  newestFirst(environment: StoredEvent['environment']): StoredEvent[] {
    return this.events.filter((e) => e.environment === environment);
  }

  private remember(event: StoredEvent): void {
    if (this.byId.has(event.id)) return;
    this.byId.set(event.id, event);
    this.events.push(event);
    this.events.sort(newerFirst);
  }
}

/** Events derived from orders, plus raised ones. */
export class OrderDerivedEvents implements EventStore {
  private readonly orders: OrderStore;
  private readonly raised: RaisedEvents;
  private readonly delivery: DeliveryOutcome | undefined;

  constructor(orders: OrderStore, options: DerivedEventsOptions = {}) {
    this.orders = orders;
    this.raised = options.raised ?? new MemoryRaisedEvents();
    this.delivery = options.delivery;
  }

  /** Records an event no order carries, durable first. */
  raise(event: StoredEvent): Promise<void> {
    return this.raised.add(event);
  }

  /** An event by id. */
  async get(id: string): Promise<StoredEvent | undefined> {
    const raised = await this.raised.get(id);
    if (raised) return raised;
    if (!/^evt_[A-Za-z0-9]+$/.test(id)) return undefined;
    const order = await this.orders.get(orderIdOfEvent(id));
    return order ? orderCreatedEvent(order) : undefined;
  }

  /** An environment's events, newest first, filtered, one page at a time. */
  async list(query: EventListQuery): Promise<EventListPage | null> {
    let cursor: StoredEvent | undefined;
    if (query.startingAfter !== undefined) {
      cursor = await this.get(query.startingAfter);
      if (cursor?.environment !== query.environment) return null;
    }
    const wanted = async (event: StoredEvent) => {
      if (event.environment !== query.environment) return false;
      if (query.types && !query.types.includes(event.type)) return false;
      if (cursor && newerFirst(event, cursor) <= 0) return false;
      const ms = Date.parse(event.created);
      if (query.createdLtMs !== undefined && ms >= query.createdLtMs) return false;
      if (query.createdGteMs !== undefined && ms < query.createdGteMs) return false;
      if (query.deliverySuccess === undefined) return true;
      return (await this.delivery?.(event.id)) === query.deliverySuccess;
    };
    const out: StoredEvent[] = [];
    const others: StoredEvent[] = [];
    for (const event of await this.raised.newestFirst(query.environment))
      if (await wanted(event)) others.push(event);
    let next = 0;
    for await (const event of this.orderEvents(query)) {
      if (out.length > query.limit) break;
      while (next < others.length && newerFirst(others[next] as StoredEvent, event) < 0)
        out.push(others[next++] as StoredEvent);
      if (await wanted(event)) out.push(event);
    }
    while (out.length <= query.limit && next < others.length) out.push(others[next++] as StoredEvent);
    out.sort(newerFirst);
    return { events: out.slice(0, query.limit), hasMore: out.length > query.limit };
  }

  /** The environment's order events newest first, stopping at the created floor. */
  private async *orderEvents(query: EventListQuery): AsyncGenerator<StoredEvent> {
    if (query.types && !query.types.includes('order.created')) return;
    let after: string | undefined;
    for (;;) {
      const page = await this.orders.list({
        environment: query.environment,
        limit: 100,
        startingAfter: after,
      });
      if (page === null) return;
      for (const order of page.orders) {
        if (query.createdGteMs !== undefined && Date.parse(order.created_at) < query.createdGteMs) return;
        yield orderCreatedEvent(order);
      }
      if (!page.hasMore || page.orders.length === 0) return;
      after = page.orders.at(-1)?.id;
    }
  }
}
