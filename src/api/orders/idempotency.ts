// Idempotency-Key records (draft-ietf-httpapi-idempotency-key-header), scoped per API key and kept
// for limits.idempotencyWindowMs after the order was created. Only a created order is remembered:
// a request that fails releases its key so the client may retry with it.
import { limits } from './contract.ts';

/** What a new request with an Idempotency-Key should do. */
export type IdempotencyClaim =
  { kind: 'new' } | { kind: 'in-flight' } | { kind: 'mismatch' } | { kind: 'replay'; orderId: string };

interface IdempotencyRecord {
  fingerprint: string;
  orderId: string | null;
  createdAtMs: number;
}

/** In-memory idempotency records; the server rebuilds them from its order journal at start. */
export class IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>();
  private claimsSinceSweep = 0;

  /** Claims `key` for a request whose body hashes to `fingerprint`. */
  claim(keyId: string, key: string, fingerprint: string, nowMs: number): IdempotencyClaim {
    this.sweep(nowMs);
    const slot = `${keyId} ${key}`;
    const record = this.records.get(slot);
    if (record && (record.orderId === null || !this.expired(record, nowMs))) {
      if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      return record.orderId === null ? { kind: 'in-flight' } : { kind: 'replay', orderId: record.orderId };
    }
    this.records.set(slot, { fingerprint, orderId: null, createdAtMs: nowMs });
    return { kind: 'new' };
  }

  /** Marks a claimed key as done: later requests replay `orderId`. */
  complete(keyId: string, key: string, orderId: string, createdAtMs: number): void {
    const slot = `${keyId} ${key}`;
    const record = this.records.get(slot);
    if (record) Object.assign(record, { orderId, createdAtMs });
  }

  /** Releases a claimed key whose request failed. */
  release(keyId: string, key: string): void {
    const slot = `${keyId} ${key}`;
    if (this.records.get(slot)?.orderId === null) this.records.delete(slot);
  }

  /** Restores a record from the journal at start, in any order: the newest order for a key wins. */
  restore(keyId: string, key: string, fingerprint: string, orderId: string, createdAtMs: number): void {
    const slot = `${keyId} ${key}`;
    const known = this.records.get(slot);
    if (known === undefined || known.createdAtMs <= createdAtMs)
      this.records.set(slot, { fingerprint, orderId, createdAtMs });
  }

  /** Forgets every record (tests, MSW reset). */
  reset(): void {
    this.records.clear();
  }

  private expired(record: IdempotencyRecord, nowMs: number): boolean {
    return nowMs - record.createdAtMs >= limits.idempotencyWindowMs;
  }

  /** Drops expired records now and then, so memory stays bounded by the window. */
  private sweep(nowMs: number): void {
    if (++this.claimsSinceSweep < 10_000) return;
    this.claimsSinceSweep = 0;
    for (const [slot, record] of this.records) {
      if (record.orderId !== null && this.expired(record, nowMs)) this.records.delete(slot);
    }
  }
}
