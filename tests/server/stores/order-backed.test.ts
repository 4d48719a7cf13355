// Limits backed by the order store: an Idempotency-Key the claims store has forgotten (a restart,
// a lost Redis, a completion cut off by an outage) still replays its order or refuses another body,
// and a quota counter that starts empty admits only what the month's stored orders leave.
import { describe, expect, it, vi } from 'vitest';
import { limits } from '../../../src/api/orders/contract.ts';
import { StoreUnavailableError } from '../../../src/api/orders/deps.ts';
import { IdempotencyStore } from '../../../src/api/orders/idempotency.ts';
import { QuotaCounter } from '../../../src/api/orders/quota.ts';
import { OrderBackedIdempotency, OrderBackedQuota } from '../../../server/stores/order-backed.ts';
import type { IdempotentOrder } from '../../../server/stores/order-lookups.ts';

const now = Date.UTC(2026, 10, 15, 12);
const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const stored: IdempotentOrder = { orderId: 'ord_stored', fingerprint: a, createdAtMs: now - 60_000 };

describe('OrderBackedIdempotency', () => {
  it.each([
    ['the same body replays the stored order', a, { kind: 'replay', orderId: 'ord_stored' }],
    ['another body is a mismatch', b, { kind: 'mismatch' }],
  ])('a key only the order store knows: %s', async (_, fingerprint, answer) => {
    const find = vi.fn(() => Promise.resolve(stored));
    const claims = new OrderBackedIdempotency(new IdempotencyStore(), find);
    expect(await claims.claim('key_a', 'idem-1', fingerprint, now)).toEqual(answer);
    expect(find).toHaveBeenCalledWith('key_a', 'idem-1', now - limits.idempotencyWindowMs + 1);
    // The claims store now holds the order's record: the next request needs no look-up.
    expect(await claims.claim('key_a', 'idem-1', fingerprint, now)).toEqual(answer);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('a key the order store does not know either is new, and held in flight', async () => {
    const claims = new OrderBackedIdempotency(new IdempotencyStore(), () => Promise.resolve(undefined));
    expect(await claims.claim('key_a', 'idem-1', a, now)).toEqual({ kind: 'new' });
    expect(await claims.claim('key_a', 'idem-1', a, now)).toEqual({ kind: 'in-flight' });
    await claims.complete('key_a', 'idem-1', 'ord_new', now);
    expect(await claims.claim('key_a', 'idem-1', a, now)).toEqual({ kind: 'replay', orderId: 'ord_new' });
  });

  it('gives the key back when the order store is out, so the retry can claim it', async () => {
    let out = true;
    const find = () => (out ? Promise.reject(new StoreUnavailableError('down')) : Promise.resolve(undefined));
    const claims = new OrderBackedIdempotency(new IdempotencyStore(), find);
    await expect(claims.claim('key_a', 'idem-1', a, now)).rejects.toBeInstanceOf(StoreUnavailableError);
    out = false;
    expect(await claims.claim('key_a', 'idem-1', a, now)).toEqual({ kind: 'new' });
  });
});

describe('OrderBackedQuota', () => {
  it("admits only what the month's stored orders leave, counting them once per key and month", async () => {
    const count = vi.fn((keyId: string) => Promise.resolve(keyId === 'key_a' ? 8 : 0));
    const quota = new OrderBackedQuota(new QuotaCounter(), count);
    const reserved = [];
    for (let i = 0; i < 4; i++) reserved.push(await quota.tryReserve('key_a', 10, now));
    expect(reserved).toEqual([true, true, false, false]);
    quota.refund('key_a', now);
    expect(await quota.tryReserve('key_a', 10, now)).toBe(true);
    expect(await quota.tryReserve('key_b', 1, now)).toBe(true);
    expect(count.mock.calls).toEqual([
      ['key_a', Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)],
      ['key_b', Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)],
    ]);
  });

  it('asks again after a count the order store could not answer', async () => {
    const count = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new StoreUnavailableError('down'))
      .mockResolvedValue(1);
    const quota = new OrderBackedQuota(new QuotaCounter(), count);
    await expect(quota.tryReserve('key_a', 2, now)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await quota.tryReserve('key_a', 2, now)).toBe(true);
    expect(await quota.tryReserve('key_a', 2, now)).toBe(false);
  });
});
