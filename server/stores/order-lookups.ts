// What the limit stores may ask the order store, the durable truth: how many orders a key made in
// a month (quotas), and which order an Idempotency-Key made (replays).

/** Counts a key's orders created in [fromMs, toMs). */
export type OrdersBetween = (keyId: string, fromMs: number, toMs: number) => Promise<number>;

/** The order an Idempotency-Key created: its id, body fingerprint and creation. */
export interface IdempotentOrder {
  orderId: string;
  fingerprint: string;
  createdAtMs: number;
}

/** Finds a key's newest order for an Idempotency-Key created at or after `sinceMs`. */
export type FindIdempotent = (
  keyId: string,
  key: string,
  sinceMs: number,
) => Promise<IdempotentOrder | undefined>;

/** The UTC calendar month around an instant, as [its first ms, the first ms of the next month). */
export function monthBounds(nowMs: number): [number, number] {
  const d = new Date(nowMs);
  return [
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  ];
}
