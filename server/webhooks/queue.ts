// What every delivery queue offers the server: the in-process Deliverer and a Postgres worker's
// share (PostgresDeliveryQueue).
import type { StoredEvent } from '../../src/api/orders/deps.ts';

/**
 * Attempts one process has in flight at once, whichever queue: the in-process Deliverer's
 * concurrency, and how many deliveries a Postgres worker claims together (it sends a claimed batch
 * at once, and claims again when the batch is settled).
 */
export const attemptsInFlight = 64;

/** Delivers events: in process (Deliverer), or a worker's share of Postgres's (PostgresDeliveryQueue). */
export interface DeliveryQueue {
  /** An event is durable (deps.onEvent): deliver it; returns at once. */
  enqueue(event: StoredEvent): void;
  /** Sends what is due now; resolves when those attempts are settled (tests with an injected clock). */
  runDue(): Promise<void>;
  /** Sends on its own from now on. */
  start(): void;
  close(): Promise<void>;
}
