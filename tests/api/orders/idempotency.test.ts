// Idempotency records restored from the journal at start: the server replays its journal file by
// file, not in time order, so the newest order for a key must win whichever is restored first.
import { describe, expect, it } from 'vitest';
import { limits } from '../../../src/api/orders/contract.ts';
import { IdempotencyStore } from '../../../src/api/orders/idempotency.ts';

const day = limits.idempotencyWindowMs;
const older = { orderId: 'ord_older', fingerprint: 'a'.repeat(64), createdAtMs: 1_000 };
const newer = { orderId: 'ord_newer', fingerprint: 'b'.repeat(64), createdAtMs: 1_000 + day };

describe('IdempotencyStore.restore', () => {
  it.each([
    ['older first', [older, newer]],
    ['newer first', [newer, older]],
  ])('keeps the newest order for a key (%s)', (_, restored) => {
    const store = new IdempotencyStore();
    for (const r of restored) store.restore('key_a', 'idem-1', r.fingerprint, r.orderId, r.createdAtMs);
    const now = newer.createdAtMs + 1;
    expect(store.claim('key_a', 'idem-1', newer.fingerprint, now)).toEqual({
      kind: 'replay',
      orderId: 'ord_newer',
    });
    expect(store.claim('key_a', 'idem-1', older.fingerprint, now)).toEqual({ kind: 'mismatch' });
  });
});
