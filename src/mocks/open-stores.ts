// Deps for UI work, where the data does not matter: any bearer key, any customer or sku, no rpm
// budget, no plan quota. Each implements the contract's store interface (src/api/orders/deps.ts).
import type { Catalog, KeyRecord, KeyStore, QuotaStore, RateLimitStore } from '../api/orders/deps.ts';
import type { RateDecision } from '../api/orders/rate-limit.ts';
import { demoKeyTemplate } from './seed.ts';

/**
 * Accepts every well-formed bearer key as a key of its own (`key_` + 12 hex digits of its hash),
 * like the demo sandbox key but for the fields `fields` sets; keys keep separate rpm windows,
 * idempotency keys and quotas.
 */
export function acceptAnyKey(fields: Partial<Omit<KeyRecord, 'key_id'>> = {}): KeyStore {
  const template = { ...demoKeyTemplate(), ...fields };
  return { findByHash: (hashHex) => ({ ...template, key_id: `key_${hashHex.slice(0, 12)}` }) };
}

/** A catalog that accepts the given customer and sku ids, or any id where a side is `'any'`. */
export function idCatalog(customers: Iterable<string> | 'any', skus: Iterable<string> | 'any'): Catalog {
  const has = (ids: Iterable<string> | 'any'): ((id: string) => boolean) => {
    if (ids === 'any') return () => true;
    const set = new Set(ids);
    return (id) => set.has(id);
  };
  const hasCustomer = has(customers);
  const hasSku = has(skus);
  return { hasCustomer, hasSku };
}

/** A rate limiter that allows everything; the headers still state the key's budget. */
export const noRateLimit: RateLimitStore = {
  hit: (_keyId, limit, nowMs): RateDecision => ({
    allowed: true,
    limit,
    remaining: limit,
    resetSeconds: Math.max(1, Math.ceil((60_000 - (nowMs % 60_000)) / 1000)),
  }),
};

/** A plan quota that is never spent. */
export const noQuota: QuotaStore = { tryReserve: () => true, refund: () => undefined };
