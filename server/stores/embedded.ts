// The embedded orders store: the journal in one process's folder, replayed at start. The replay
// also rebuilds in-memory plan quotas and idempotency records when those live in memory too.
import { limits } from '../../src/api/orders/contract.ts';
import type { Clock } from '../../src/api/orders/deps.ts';
import type { IdempotencyStore } from '../../src/api/orders/idempotency.ts';
import type { QuotaCounter } from '../../src/api/orders/quota.ts';
import { JournalOrderStore, type JournalOptions } from '../order-journal.ts';

/** In-memory limits the journal's replay rebuilds. */
export interface ReplayedLimits {
  quota: QuotaCounter;
  idempotency: IdempotencyStore;
}

/**
 * Opens the journal in `dir`; one pass over it indexes the orders and, given `rebuild`, counts each
 * order against its key's monthly quota and restores the idempotency records still in their window.
 */
export function openJournal(
  dir: string,
  clock: Clock,
  rebuild: ReplayedLimits | null,
  options: JournalOptions = {},
): Promise<JournalOrderStore> {
  if (rebuild === null) return JournalOrderStore.open(dir, options);
  return JournalOrderStore.open(dir, options, (order) => {
    const createdMs = Date.parse(order.created_at);
    rebuild.quota.record(order.key_id, createdMs);
    const { idempotency_key: idemKey, request_sha256: fingerprint } = order;
    if (idemKey !== null && fingerprint !== null && clock.now() - createdMs < limits.idempotencyWindowMs) {
      rebuild.idempotency.restore(order.key_id, idemKey, fingerprint, order.id, createdMs);
    }
  });
}
