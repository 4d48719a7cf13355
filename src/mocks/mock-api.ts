// The in-memory Orders API behind the MSW handlers. By default it is seeded with the public part of
// the simulator's default world (./demo-world.ts: the demo sandbox key by its hash, the customers
// and skus; no DuckDB, no key-deriving code); every part can be replaced: your own customers, skus
// and keys, any bearer key for UI work, no rpm budget or quota, your own stores.
import type {
  Clock,
  IdGenerator,
  KeyStore,
  OrderStore,
  OrdersDeps,
  QuotaStore,
  RateLimitStore,
} from '../api/orders/deps.ts';
import { MapKeyStore } from '../api/orders/memory-store.ts';
import { requestRecord, type AnsweredRequest, type RequestRecord } from '../api/request-record.ts';
import { routeFinder } from '../api/route-map.ts';
import { depsFromWorld, type ApiWorld } from '../api/orders/world-deps.ts';
import { demoWorld } from './demo-world.ts';
import type { ApiEvent } from '../api/orders/events/event-contract.ts';
import { OrderDerivedEvents } from '../api/orders/events/derived-events.ts';
import { MemoryEndpointDeliveries } from '../api/orders/events/memory-deliveries.ts';
import { eventBody } from '../api/orders/events/order-event.ts';
import { signedHeaders } from '../api/orders/events/signing.ts';
import { acceptAnyKey, idCatalog, noQuota, noRateLimit } from './open-stores.ts';
import { demoKeyTemplate, seedKeys, type MockKey } from './seed.ts';

/** What the mock API is seeded with and which checks it makes; every field is optional. */
export interface MockApiOptions {
  /** Plans, keys, customers, skus and routes in the simulator's shape (default: the demo world). */
  world?: ApiWorld;
  /** Who may call: these keys, `'any'` well-formed bearer key, or your own store (default: the world's keys). */
  keys?: readonly MockKey[] | 'any' | KeyStore;
  /** Customer ids orders may name, or `'any'` (default: the world's). */
  customers?: readonly string[] | 'any';
  /** Skus order lines may name, or `'any'` (default: the world's). */
  skus?: readonly string[] | 'any';
  /** Per-key rpm budgets: enforced (true, the default), never (false), or your own store. */
  rateLimit?: boolean | RateLimitStore;
  /** Monthly plan quotas: enforced (true, the default), never (false), or your own store. */
  quota?: boolean | QuotaStore;
  /** Where orders live (default: in memory, emptied by `reset()`). */
  orders?: OrderStore;
  /**
   * How long each create takes, in ms, between its Idempotency-Key claim and its answer (default
   * 0, at once): room for a spinner, and a double submit within it gets 409
   * `idempotency_key_in_use`, as from the server. Waits on `setTimeout` (advance fake timers).
   */
  createLatencyMs?: number;
  /** The clock (default: the wall clock). */
  clock?: Clock;
  /** Order ids (default: random `ord_…`). */
  ids?: IdGenerator;
  /**
   * Where each event goes once raised, besides `mockApi.events()`: a function called with it, or a
   * URL it is POSTed to, signed as the server signs (Standard Webhooks) with `webhookSecret`. A
   * resend or recover (POST /v2/webhooks/{id}/resend, /recover) sends each event there again, and
   * a function is then told the endpoint. A throw, or a URL answering other than 2xx, is a failed
   * delivery: recover sends it again.
   */
  deliverEvents?: ((event: ApiEvent, resend?: { endpoint_id: string }) => unknown) | string;
  /** The `whsec_…` secret deliveries to a URL are signed with (default: mockWebhookSecret). */
  webhookSecret?: string;
}

/** The secret the mocks sign deliveries to a URL with, unless told another. */
export const mockWebhookSecret = 'whsec_ZXN0YXRlLW1vY2tzLWxvY2FsLXNlY3JldA==';

/** An in-memory API: its deps (built once, lazily), what it was asked, and a reset for between tests. */
export interface MockApi {
  deps(): Promise<OrdersDeps>;
  /**
   * Every request the handlers answered since the last reset, oldest first, as the server's
   * request log records it (request id, method, path, status, problem type, key, caller kind, …).
   */
  requests(): readonly RequestRecord[];
  /** Records an answer (the handlers call it). */
  recordAnswer(answer: AnsweredRequest): void;
  /** Every event raised since the last reset (`order.created` per 201), oldest first, as the API returns it. */
  events(): readonly ApiEvent[];
  /**
   * Forgets orders, rate-limit windows, quota counts, idempotency records, recorded requests,
   * events, webhook endpoints and their deliveries.
   */
  reset(): Promise<void>;
}

/** Recorded requests kept at most (the oldest go first), so a long test run stays small. */
export const recordedRequestsLimit = 10_000;

/** A store that can be emptied (the in-memory ones, and any of yours with a `reset()`). */
function resettable(store: unknown): store is { reset(): unknown } {
  return typeof (store as { reset?: unknown }).reset === 'function';
}

function pick<T>(option: boolean | T | undefined, enforced: T, off: T): T {
  if (option === undefined || option === true) return enforced;
  return option === false ? off : option;
}

/** Hands an event to the function or URL the options name; a URL's answer is its status. */
async function deliver(
  options: MockApiOptions,
  event: ApiEvent,
  endpointId: string | null,
): Promise<number | undefined> {
  const target = options.deliverEvents;
  if (typeof target === 'function') {
    await (endpointId === null ? target(event) : target(event, { endpoint_id: endpointId }));
    return undefined;
  }
  if (typeof target !== 'string') return undefined;
  const body = JSON.stringify(event);
  const secret = options.webhookSecret ?? mockWebhookSecret;
  const headers = await signedHeaders([secret], event.id, Math.floor(Date.now() / 1000), body);
  const headersOut = { ...headers, 'content-type': 'application/json' };
  const response = await fetch(target, { method: 'POST', headers: headersOut, body });
  await response.body?.cancel();
  return response.status;
}

/** `store`, each create answered `ms` later (its other methods as they are, `reset` included). */
function slowCreates(store: OrderStore, ms: number): OrderStore {
  return {
    create: async (order) => {
      await new Promise((done) => setTimeout(done, ms));
      return store.create(order);
    },
    get: (id) => store.get(id),
    list: (query) => store.list(query),
    count: () => store.count(),
    ...(resettable(store) ? { reset: () => store.reset() } : {}),
  };
}

async function buildDeps(options: MockApiOptions, raised: ApiEvent[]): Promise<OrdersDeps> {
  const world = options.world ?? demoWorld;
  const base = await depsFromWorld(world, { clock: options.clock, ids: options.ids });
  const { keys, customers, skus } = options;
  const stored = options.orders ?? base.orders;
  const events = options.orders ? new OrderDerivedEvents(stored) : base.events;
  const orders = options.createLatencyMs ? slowCreates(stored, options.createLatencyMs) : stored;
  const deliveries = new MemoryEndpointDeliveries(
    { webhooks: base.webhooks, events, clock: base.clock },
    (stored, endpointId) =>
      deliver(options, eventBody(stored) as ApiEvent, endpointId).catch((error: unknown) => {
        console.warn(`mocks: delivering ${stored.id}: ${String(error)}`);
        throw error;
      }),
  );
  let keyStore: KeyStore = base.keys;
  if (keys === 'any') keyStore = acceptAnyKey(demoKeyTemplate(world));
  else if (Array.isArray(keys)) keyStore = new MapKeyStore(await seedKeys(keys, world));
  else if (keys) keyStore = keys as KeyStore;
  return {
    ...base,
    keys: keyStore,
    catalog:
      customers || skus
        ? idCatalog(
            customers ?? world.customers.map((c) => c.customer_id),
            skus ?? world.skus.map((s) => s.sku),
          )
        : base.catalog,
    rateLimiter: pick(options.rateLimit, base.rateLimiter, noRateLimit),
    quota: pick(options.quota, base.quota, noQuota),
    orders,
    events,
    deliveries,
    onEvent: (stored) => {
      raised.push(eventBody(stored));
      void deliveries.raised(stored);
    },
  };
}

/** Creates an in-memory API (default: over the public demo world, src/mocks/demo-world.ts). */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  let deps: Promise<OrdersDeps> | undefined;
  const raised: ApiEvent[] = [];
  const get = () => (deps ??= buildDeps(options, raised));
  let recorded: RequestRecord[] = [];
  const routeOf = routeFinder((options.world ?? demoWorld).routes ?? []);
  return {
    deps: get,
    requests: () => recorded,
    events: () => raised,
    recordAnswer(answer) {
      if (recorded.length >= recordedRequestsLimit) recorded = recorded.slice(-recordedRequestsLimit / 2);
      recorded.push(requestRecord(answer, routeOf));
    },
    async reset() {
      recorded = [];
      raised.length = 0;
      const d = await get();
      for (const store of [d.orders, d.rateLimiter, d.quota, d.idempotency, d.webhooks, d.deliveries]) {
        if (resettable(store)) await store.reset();
      }
    },
  };
}
