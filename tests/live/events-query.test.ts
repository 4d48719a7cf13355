// The Events screen's URL state and its page: which values it accepts, the URL it writes back, and
// what it reads from a real event store (orders' events and raised ones, newest first, by cursor).
import { IssuedKeys } from '../../src/lib/issued-keys.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/api/orders/deps.ts';
import { OrderDerivedEvents } from '../../src/api/orders/events/derived-events.ts';
import { MemoryOrderStore } from '../../src/api/orders/memory-store.ts';
import {
  eventsHref,
  eventsPageQuery,
  eventsPageSize,
  eventsScreen,
  parseEventsState,
  readEventsPage,
} from '../../src/live/events-query.ts';
import { installLiveSource } from '../../src/live/source.ts';
import { orderAt } from '../server/webhooks/fixture.ts';

const parse = (query: string) => parseEventsState(new URLSearchParams(query));

describe('parseEventsState', () => {
  it.each([
    ['type=order.created', { type: 'order.created' }],
    ['env=staging', { env: 'staging' }],
    ['after=evt_abc123', { after: 'evt_abc123' }],
    ['type=endpoint.disabled&env=production', { type: 'endpoint.disabled', env: 'production' }],
    // the default environment is left out
    ['env=sandbox', {}],
    // unknown or malformed values are ignored
    ['type=order.exploded', {}],
    ['type=toString', {}],
    ['env=mars', {}],
    ['after=ord_abc', {}],
    ['after=evt_../x', {}],
    ['colour=red', {}],
  ])('%s reads as %j', (query, state) => {
    expect(parse(query)).toEqual(state);
  });
});

describe('eventsHref', () => {
  it('writes the short canonical URL that reads back as the same state', () => {
    expect(eventsHref({})).toBe('/app/api/events');
    const state = { type: 'order.created', env: 'staging' as const, after: 'evt_x1' };
    const href = eventsHref(state);
    expect(href).toBe('/app/api/events?type=order.created&env=staging&after=evt_x1');
    expect(parse(href.split('?')[1] ?? '')).toEqual(state);
    expect(eventsHref(state, { after: undefined })).toBe('/app/api/events?type=order.created&env=staging');
    expect(eventsHref({ env: 'sandbox' })).toBe('/app/api/events');
  });

  it('asks the store for the sandbox by default, and for the filters given', () => {
    expect(eventsPageQuery({})).toEqual({ environment: 'sandbox', limit: eventsPageSize });
    expect(eventsPageQuery({ type: 'order.created', env: 'production', after: 'evt_a' })).toEqual({
      environment: 'production',
      limit: eventsPageSize,
      types: ['order.created'],
      startingAfter: 'evt_a',
    });
  });
});

describe('readEventsPage', () => {
  const start = Date.UTC(2026, 10, 1, 12);
  const disabled: StoredEvent = {
    id: 'evt_disabled1',
    object: 'event',
    type: 'endpoint.disabled',
    created: new Date(start + 500_000).toISOString(),
    livemode: false,
    environment: 'sandbox',
    data: { object: { id: 'we_1', object: 'webhook_endpoint' } },
    request: { id: null, idempotency_key: null },
  };

  async function store(orderCount: number) {
    const orders = new MemoryOrderStore();
    for (let n = 1; n <= orderCount; n++) await orders.create(orderAt(n, start + n * 1000));
    const events = new OrderDerivedEvents(orders);
    await events.raise(disabled);
    return events;
  }

  afterEach(() => installLiveSource(null));

  it('lists newest first, each order event naming its order and request, and pages by cursor', async () => {
    const events = await store(eventsPageSize + 5);
    const first = await readEventsPage(events, {});
    expect(first.rows).toHaveLength(eventsPageSize);
    expect(first.rows[0]).toEqual({
      id: 'evt_disabled1',
      type: 'endpoint.disabled',
      created: disabled.created,
      requestId: null,
      orderId: null,
    });
    expect(first.rows[1]).toMatchObject({
      id: `evt_test${eventsPageSize + 5}`,
      type: 'order.created',
      requestId: `req_test${eventsPageSize + 5}`,
      orderId: `ord_test${eventsPageSize + 5}`,
    });
    expect(first.next).toBe(first.rows.at(-1)?.id);
    const second = await readEventsPage(events, { after: first.next ?? undefined });
    expect(second.rows.map((r) => r.id)).toEqual([6, 5, 4, 3, 2, 1].map((n) => `evt_test${n}`));
    expect(second.next).toBeNull();
  });

  it('filters by type and environment, and says when a cursor names no event', async () => {
    const events = await store(3);
    expect((await readEventsPage(events, { type: 'endpoint.disabled' })).rows.map((r) => r.id)).toEqual([
      'evt_disabled1',
    ]);
    expect((await readEventsPage(events, { env: 'production' })).rows).toEqual([]);
    expect(await readEventsPage(events, { after: 'evt_nothing' })).toEqual({
      rows: [],
      next: null,
      unknownCursor: true,
    });
  });

  it('reads through the live source, and is null without one', async () => {
    expect(await eventsScreen({})).toBeNull();
    const events = await store(1);
    installLiveSource({
      startedAtMs: start,
      log: {} as never,
      keys: () => new IssuedKeys(),
      audit: () => ({ data: [], has_more: false }) as never,
      auditEntry: () => undefined,
      events,
    });
    expect((await eventsScreen({}))?.rows.map((r) => r.id)).toEqual(['evt_disabled1', 'evt_test1']);
  });
});
