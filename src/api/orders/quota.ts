// Plan quotas: orders created per key per calendar month (UTC). Counted when an order is reserved,
// refunded if it is not created, so concurrent requests never overshoot.

let lastDay = Number.NaN;
let lastMonth = '';

/** Counts orders per key per UTC month. */
export class QuotaCounter {
  private readonly used = new Map<string, number>();

  /** The UTC month of an instant, e.g. "2026-11". */
  static monthOf(nowMs: number): string {
    const day = Math.floor(nowMs / 86_400_000);
    if (day !== lastDay) {
      lastDay = day;
      lastMonth = new Date(nowMs).toISOString().slice(0, 7);
    }
    return lastMonth;
  }

  /** Seconds from `nowMs` to the start of the next UTC month. */
  static secondsToNextMonth(nowMs: number): number {
    const d = new Date(nowMs);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    return Math.max(1, Math.ceil((next - nowMs) / 1000));
  }

  /** Reserves one order for `keyId`; false when `limit` orders were already counted this month. */
  tryReserve(keyId: string, limit: number, nowMs: number): boolean {
    const slot = `${keyId} ${QuotaCounter.monthOf(nowMs)}`;
    const count = this.used.get(slot) ?? 0;
    if (count >= limit) return false;
    this.used.set(slot, count + 1);
    return true;
  }

  /** Gives back a reservation whose order was not created. */
  refund(keyId: string, nowMs: number): void {
    const slot = `${keyId} ${QuotaCounter.monthOf(nowMs)}`;
    this.used.set(slot, Math.max(0, (this.used.get(slot) ?? 0) - 1));
  }

  /** Counts an order that already exists (replay of the journal at start). */
  record(keyId: string, createdAtMs: number): void {
    const slot = `${keyId} ${QuotaCounter.monthOf(createdAtMs)}`;
    this.used.set(slot, (this.used.get(slot) ?? 0) + 1);
  }

  /** Forgets every count (tests, MSW reset). */
  reset(): void {
    this.used.clear();
  }
}
