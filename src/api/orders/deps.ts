// What the handler needs from the outside world, injected so the same code runs on the server,
// in MSW in node and in MSW in a browser.
import type { OrderLine } from './contract.ts';
import type { IdempotencyStore } from './idempotency.ts';
import type { QuotaCounter } from './quota.ts';
import type { RateLimiter } from './rate-limit.ts';

/** A key as the API sees it: never its material, only what authorisation needs. */
export interface KeyRecord {
  key_id: string;
  environment: 'production' | 'sandbox' | 'staging';
  status: 'active' | 'expiring' | 'revoked' | 'rotated';
  plan: string;
  rpm_budget: number;
  scopes: string[];
  /** ISO timestamp; null: never expires. */
  expires_at: string | null;
  /** Orders the key's plan allows per calendar month (UTC). */
  quota_orders_per_month: number;
}

/** Looks keys up by the hex SHA-256 of their material. */
export interface KeyStore {
  findByHash(hashHex: string): KeyRecord | undefined;
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
}

/** Where orders live. `create` resolves only once the order is durable. */
export interface OrderStore {
  create(order: StoredOrder): Promise<void>;
  get(id: string): StoredOrder | undefined;
  count(): number;
}

/** The clock, in epoch milliseconds. */
export interface Clock {
  now(): number;
}

/** Makes new order ids (`ord_…`). */
export interface IdGenerator {
  orderId(): string;
}

/** Hex SHA-256 of key material or a body; WebCrypto by default, node:crypto on the server. */
export type Sha256 = (input: string | Uint8Array) => string | Promise<string>;

/** Everything the handler needs. */
export interface OrdersDeps {
  /** Hashes keys and request bodies: WebCrypto (`sha256Hex`) anywhere, node:crypto on the server. */
  sha256: Sha256;
  keys: KeyStore;
  catalog: Catalog;
  orders: OrderStore;
  rateLimiter: RateLimiter;
  quota: QuotaCounter;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
