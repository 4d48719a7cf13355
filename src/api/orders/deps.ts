// What the handler needs from the outside world, injected so the same code runs on the server,
// in MSW in node and in MSW in a browser.
import type { OrderLine } from './contract.ts';
import type { Environment } from './environment.ts';
import type { EndpointDeliveries } from './events/endpoint-deliveries.ts';
import type { IdempotencyClaim } from './idempotency.ts';
import type { RateDecision } from './rate-limit.ts';
import type { MaybePromise } from './maybe-promise.ts';
import type { WebhookStore } from './events/webhook-store.ts';

export type { WebhookAddOutcome, WebhookEndpoint, WebhookStore } from './events/webhook-store.ts';

/** A key as the API sees it: never its material, only what authorisation needs. */
export interface KeyRecord {
  key_id: string;
  environment: Environment;
  status: 'active' | 'expiring' | 'revoked' | 'rotated';
  plan: string;
  rpm_budget: number;
  scopes: string[];
  /** ISO timestamp; null: never expires. */
  expires_at: string | null;
  /** ISO timestamp: the key was rotated and works until then, beside its replacement. Absent: not rotated. */
  rotation_ends_at?: string;
  /** Orders the key's plan allows per calendar month (UTC). */
  quota_orders_per_month: number;
  /** The consumer that holds the key, when exactly one does (the request log names it). */
  consumer_id?: string | null;
  /** The audit entry of the change that revoked, rolled or set the expiry of the key (src/manage). */
  audit_entry_id?: string;
}

/** Looks keys up by the hex SHA-256 of their material. */
export interface KeyStore {
  findByHash(hashHex: string): KeyRecord | undefined;
  /** An unknown hash, looked up again once changes not seen yet are read (a key issued a moment
   * ago through another server, where reading takes a round trip). Never rejects. */
  findUnseen?(hashHex: string): Promise<KeyRecord | undefined>;
}

/** Customers and SKUs orders may reference. */
export interface Catalog {
  hasCustomer(customerId: string): boolean;
  hasSku(sku: string): boolean;
}

/** An order as stored: the API body plus who created it and how. */
export interface StoredOrder {
  id: string;
  customer: string;
  lines: OrderLine[];
  livemode: boolean;
  created_at: string;
  key_id: string;
  environment: KeyRecord['environment'];
  /** The Idempotency-Key it was created with, if any, and then the SHA-256 of its body (else null). */
  idempotency_key: string | null;
  request_sha256: string | null;
  /**
   * The Request-Id of the create: its `order.created` event is this line (./events/order-event.ts),
   * so the event is durable in the same write as the order. Absent on orders stored before events.
   */
  request_id?: string;
}

/** Which orders to list: one environment's, newest first, optionally one customer's. */
export interface OrderListQuery {
  environment: KeyRecord['environment'];
  customer?: string;
  /** 1–100. */
  limit: number;
  /** The id of the last order of the previous page: the list continues with older ones. */
  startingAfter?: string;
}

/** A page of orders, newest first, and whether older ones follow. */
export interface OrderListPage {
  orders: StoredOrder[];
  hasMore: boolean;
}

/** Where orders live. `create` resolves only once the order is durable. */
export interface OrderStore {
  create(order: StoredOrder): Promise<void>;
  get(id: string): MaybePromise<StoredOrder | undefined>;
  /** Newest first, by created_at then id; null when `startingAfter` is no order of that environment. */
  list(query: OrderListQuery): MaybePromise<OrderListPage | null>;
  count(): MaybePromise<number>;
}

/**
 * A create's quota, decided with its rpm hit: one order reserved, the month spent, or not decided
 * there (the quota step asks the QuotaStore, as for a store without hitAndReserve).
 */
export type QuotaReservation = 'reserved' | 'spent' | 'ask';

/** Per-key rpm windows: counts one request and says whether it is allowed. */
export interface RateLimitStore {
  hit(keyId: string, limit: number, nowMs: number): MaybePromise<RateDecision>;
  /**
   * Optional, for a store across a network (Redis): `hit` for a create and, when the request is
   * allowed, a reservation of one order of the key's monthly `quota`, in one round trip. A
   * reservation the create does not use is given back with QuotaStore.refund.
   */
  hitAndReserve?(
    keyId: string,
    limit: number,
    quota: number,
    nowMs: number,
  ): Promise<{ rate: RateDecision; quota: QuotaReservation }>;
}

/** Per-key monthly order quotas: reserved before a create, refunded if the create fails. */
export interface QuotaStore {
  tryReserve(keyId: string, limit: number, nowMs: number): MaybePromise<boolean>;
  refund(keyId: string, nowMs: number): MaybePromise<void>;
}

/** Idempotency-Key claims, scoped per API key (see ./idempotency.ts for the semantics). */
export interface IdempotencyClaims {
  claim(keyId: string, key: string, fingerprint: string, nowMs: number): MaybePromise<IdempotencyClaim>;
  complete(keyId: string, key: string, orderId: string, createdAtMs: number): MaybePromise<void>;
  release(keyId: string, key: string): MaybePromise<void>;
}

/**
 * Thrown by a store whose backing service is out (a journal the disk refuses, Postgres or Redis
 * unreachable): the request is answered 503 with Retry-After, never 500, and nothing was stored.
 */
export class StoreUnavailableError extends Error {
  /** Marks the error across bundles, where `instanceof` may see another copy of this class. */
  readonly code = 'STORE_UNAVAILABLE';
  /** Seconds a client should wait before retrying. */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds = 1, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Whether an error says a store is out (see StoreUnavailableError). */
export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof Error && (error as { code?: unknown }).code === 'STORE_UNAVAILABLE';
}

/** The clock, in epoch milliseconds. */
export interface Clock {
  now(): number;
}

/** Makes new order ids (`ord_…`) and request ids (`req_…`, the `Request-Id` of every answer). */
export interface IdGenerator {
  orderId(): string;
  /** Default: random `req_…` ids. */
  requestId?(): string;
  /** Default: random `we_…` webhook endpoint ids. */
  webhookId?(): string;
  /** Default: random `whsec_…` signing secrets (./events/webhook-routes.ts newSecret). */
  webhookSecret?(): string;
}

/** Hex SHA-256 of key material or a body; WebCrypto by default, node:crypto on the server. */
export type Sha256 = (input: string | Uint8Array) => string | Promise<string>;

/** A deprecated path still served: the path of its successor, and the headers that say so. */
export interface DeprecatedPath {
  /** The one method the deprecated route was published with (POST for /v1/orders). */
  method: string;
  successor: string;
  /** Lower-case Deprecation, Sunset and Link (src/api/deprecation.ts). */
  headers: Record<string, string>;
}

/**
 * An event as stored and as the API returns it (the Stripe shape, docs/events.md): what happened,
 * the object it happened to, and the request that caused it.
 */
export interface StoredEvent {
  /** `evt_…`; an order's `order.created` is named after the order (./events/order-event.ts). */
  id: string;
  object: 'event';
  type: string;
  /** ISO time it happened (UTC). */
  created: string;
  livemode: boolean;
  /** The environment whose keys see it. */
  environment: KeyRecord['environment'];
  data: { object: Record<string, unknown> };
  /** The API call that caused it: its Request-Id and Idempotency-Key (null: not caused by a call). */
  request: { id: string | null; idempotency_key: string | null };
}

/** Which events to list: one environment's, newest first, optionally filtered. */
export interface EventListQuery {
  environment: KeyRecord['environment'];
  /** 1–100. */
  limit: number;
  /** The id of the last event of the previous page: the list continues with older ones. */
  startingAfter?: string;
  /** Only these types. */
  types?: string[];
  /** Only events created in [createdGteMs, createdLtMs). */
  createdGteMs?: number;
  createdLtMs?: number;
  /** Only events every delivery of which succeeded (true), or some of which did not yet (false). */
  deliverySuccess?: boolean;
}

/** A page of events, newest first, and whether older ones follow. */
export interface EventListPage {
  events: StoredEvent[];
  hasMore: boolean;
}

/** Events: an order's come with it (same write); the rest are raised here and durable on resolve. */
export interface EventStore {
  /** Records an event no order carries (endpoint.disabled, key.revoked…); resolves once durable. */
  raise(event: StoredEvent): Promise<void>;
  get(id: string): MaybePromise<StoredEvent | undefined>;
  /** Null when `startingAfter` names no event of that environment. */
  list(query: EventListQuery): MaybePromise<EventListPage | null>;
}

/** Everything the handler needs. */
export interface OrdersDeps {
  /** Hashes keys and request bodies: WebCrypto (`sha256Hex`) anywhere, node:crypto on the server. */
  sha256: Sha256;
  keys: KeyStore;
  catalog: Catalog;
  orders: OrderStore;
  rateLimiter: RateLimitStore;
  quota: QuotaStore;
  idempotency: IdempotencyClaims;
  clock: Clock;
  ids: IdGenerator;
  /** Deprecated paths still served by their successor's operation (e.g. /v1/orders), by path. */
  deprecatedPaths?: ReadonlyMap<string, DeprecatedPath>;
  /** Events (GET /v2/events, GET /v2/orders/{id}/events); absent: those routes answer 404. */
  events?: EventStore;
  /** Webhook endpoints (/v2/webhooks); absent: those routes answer 404. */
  webhooks?: WebhookStore;
  /** The delivery queue's view of each endpoint, and its resends; absent: resend and recover 404. */
  deliveries?: EndpointDeliveries;
  /** Told of every event once it is durable (a delivery queue); never awaited, never slows a request. */
  onEvent?: (event: StoredEvent) => void;
  /** Refuses a webhook URL (null: allowed): the whole check, the server's override included. */
  checkWebhookUrl?: (url: string, livemode: boolean) => Promise<string | null>;
  /** Deprecation headers a route carries now (set through the management API): {} when it is not
   * deprecated, null when nothing says (keep the defaults). */
  routeNotices?: (
    method: string,
    target: string,
    environment: KeyRecord['environment'] | null,
  ) => Record<string, string> | null;
  /**
   * A route deprecated through the management API whose sunset has passed: its calls are refused
   * 410, naming the audit entry that set the sunset. Null while the route still answers.
   */
  routeRetirement?: (
    method: string,
    target: string,
    environment: KeyRecord['environment'],
    now: number,
  ) => RouteRetirement | null;
}

/** Why a route no longer answers: its sunset, its successor's path, the change that retired it. */
export interface RouteRetirement {
  sunsetAt: string;
  successor: string | null;
  auditEntryId: string | null;
}
