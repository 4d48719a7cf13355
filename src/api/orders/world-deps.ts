// Builds handler deps from a world: keys (with their material, or only its hash), plans, customers
// and skus. Pure and browser-safe, so MSW serves the simulator's own world.
import type { Clock, IdGenerator, KeyRecord, OrdersDeps } from './deps.ts';
import { sha256Hex } from './auth.ts';
import { IdempotencyStore } from './idempotency.ts';
import { randomIds, systemClock } from './ids.ts';
import { MapKeyStore, MemoryOrderStore, SetCatalog } from './memory-store.ts';
import { QuotaCounter } from './quota.ts';
import { OrderDerivedEvents } from './events/derived-events.ts';
import { MemoryEndpointDeliveries } from './events/memory-deliveries.ts';
import { MemoryWebhookStore } from './events/memory-webhooks.ts';
import { RateLimiter } from './rate-limit.ts';
import type { MappedRoute } from '../route-map.ts';

/** A world's key as the API needs it, without material or hash. */
export type WorldKey = Omit<KeyRecord, 'quota_orders_per_month' | 'environment' | 'status'> & {
  environment: string;
  status: string;
};

/** The part of a world the API needs; keys carry their material or only its SHA-256. */
export interface ApiWorld {
  plans: { plan: string; quota_requests_per_period: number | bigint }[];
  keys: (WorldKey & ({ material: string } | { key_hash_sha256: string }))[];
  customers: { customer_id: string }[];
  skus: { sku: string }[];
  /** Published routes, so a request record names its route (`route_id`); none by default. */
  routes?: readonly MappedRoute[];
}

/** A world whose keys carry their material (a `World` from simulator/world satisfies it). */
export interface SourceWorld extends Omit<ApiWorld, 'keys'> {
  keys: (WorldKey & { material: string })[];
}

/** Handler deps over in-memory stores, plus the stores themselves for resets and assertions. */
export interface MemoryDeps extends OrdersDeps {
  orders: MemoryOrderStore;
  keys: MapKeyStore;
  rateLimiter: RateLimiter;
  quota: QuotaCounter;
  idempotency: IdempotencyStore;
  events: OrderDerivedEvents;
  webhooks: MemoryWebhookStore;
  deliveries: MemoryEndpointDeliveries;
}

/** A key record as the API sees it, from a world or workspace key row and its plan's quota. */
export function toKeyRecord(key: WorldKey, quota: number): KeyRecord {
  return {
    key_id: key.key_id,
    environment: key.environment as KeyRecord['environment'],
    status: key.status as KeyRecord['status'],
    plan: key.plan,
    rpm_budget: key.rpm_budget,
    scopes: [...key.scopes],
    expires_at: key.expires_at,
    quota_orders_per_month: quota,
  };
}

/** In-memory deps seeded with a world's keys (hashed here unless already hashed), customers and skus. */
export async function depsFromWorld(
  world: ApiWorld,
  options: { clock?: Clock; ids?: IdGenerator } = {},
): Promise<MemoryDeps> {
  const quotas = new Map(world.plans.map((p) => [p.plan, Number(p.quota_requests_per_period)]));
  const entries = await Promise.all(
    world.keys.map(async (key): Promise<[string, KeyRecord]> => [
      'key_hash_sha256' in key ? key.key_hash_sha256 : await sha256Hex(key.material),
      toKeyRecord(key, quotas.get(key.plan) ?? 0),
    ]),
  );
  const orders = new MemoryOrderStore();
  const events = new OrderDerivedEvents(orders);
  const webhooks = new MemoryWebhookStore();
  const clock = options.clock ?? systemClock;
  // Nowhere to send: each event counts as received by the endpoints that receive it.
  const deliveries = new MemoryEndpointDeliveries({ webhooks, events, clock }, () => undefined);
  return {
    sha256: sha256Hex,
    keys: new MapKeyStore(entries),
    catalog: new SetCatalog(
      world.customers.map((c) => c.customer_id),
      world.skus.map((s) => s.sku),
    ),
    orders,
    events,
    webhooks,
    deliveries,
    onEvent: (event) => void deliveries.raised(event),
    rateLimiter: new RateLimiter(),
    quota: new QuotaCounter(),
    idempotency: new IdempotencyStore(),
    clock,
    ids: options.ids ?? randomIds,
  };
}
