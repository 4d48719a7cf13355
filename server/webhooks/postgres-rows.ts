// The rows of the Postgres delivery queue's statements (postgres-queue.ts): a claimed delivery with
// what its event is made of (claim_deliveries), and an attempt's columns (attempt_retry and
// attempt_settled, and deliveries_succeeded's arrays).
import type { StoredEvent } from '../../src/api/orders/deps.ts';
import { orderCreatedEvent } from '../../src/api/orders/events/order-event.ts';
import { toStoredOrder, type OrderRow } from '../stores/postgres/order-store.ts';
import type { AttemptRecord } from './attempts.ts';

/** A delivery this worker claimed, with its event. */
export interface Claimed {
  event_id: string;
  endpoint_id: string;
  attempt: number;
  /** The event made of the claimed row; undefined when it is gone. */
  event: StoredEvent | undefined;
  /** The lease this worker holds it by (ISO). */
  lease: string;
}

/** A claim_deliveries row: the delivery, and its raised event's body or its order's columns. */
export type ClaimRow = Pick<Claimed, 'event_id' | 'endpoint_id' | 'attempt'> & {
  raised: StoredEvent | null;
} & (OrderRow | { [K in keyof OrderRow]: null });

/** The event a claimed row carries: a raised event as stored, an order's order.created made of it. */
export function claimedEvent(row: ClaimRow): StoredEvent | undefined {
  if (row.raised) return row.raised;
  return row.id === null ? undefined : orderCreatedEvent(toStoredOrder(row));
}

/** An attempt's columns, in the order the statements insert them into webhook_attempts. */
export const attemptRow = (r: AttemptRecord) => [
  r.event_id,
  r.endpoint_id,
  r.event_type,
  r.environment,
  r.attempt,
  r.at,
  r.status,
  r.error,
  r.latency_ms,
  r.outcome,
  r.next_at,
];

/** A claimed batch's successes: those waiting to be settled, and the last settling of them. */
export interface BatchSuccesses {
  waiting: Succeeded[];
  /** Endpoints this batch has had a success to (waiting or settled). */
  endpoints: Set<string>;
  settled: Promise<void>;
}

/** A successful attempt, settled with the rest of its batch. */
export interface Succeeded {
  record: AttemptRecord;
  lease: string;
}

/** The columns of deliveries_succeeded: one array per column of attemptRow, then the leases. */
export function succeededColumns(done: Succeeded[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: 12 }, () => []);
  for (const { record, lease } of done)
    [...attemptRow(record), lease].forEach((value, i) => columns[i]?.push(value));
  return columns;
}
