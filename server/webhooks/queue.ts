// What every delivery queue offers the server: the in-process Deliverer and a Postgres worker's
// share (PostgresDeliveryQueue).
import type { StoredEvent } from '../../src/api/orders/deps.ts';

/**
 * Attempts one process has in flight at once, whichever queue: the in-process Deliverer's
 * concurrency, and a Postgres worker's (it claims up to this many, sends them at once, and claims
 * again once half of them have ended).
 */
export const attemptsInFlight = 64;

/**
 * Attempts to one endpoint a queue has in flight at most, of its `slots`: half, so an endpoint
 * whose attempts wait for their time-out leaves the others half (docs/decisions.md).
 */
export const endpointShare = (slots: number): number => Math.ceil(slots / 2);

/** The in-process Deliverer's share per endpoint. */
export const attemptsPerEndpoint = endpointShare(attemptsInFlight);

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
