// Plan quotas: orders created per key per calendar month (UTC). Counted when an order is reserved,
// refunded if it is not created, so concurrent requests never overshoot.

let lastDay = Number.NaN;
let lastMonth = '';

/** Counts orders per key per UTC month. */
export class QuotaCounter {
  /** key id → month → orders counted. */
  private readonly used = new Map<string, Map<string, number>>();

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

  private months(keyId: string): Map<string, number> {
    let months = this.used.get(keyId);
    if (!months) {
      months = new Map();
      this.used.set(keyId, months);
    }
    return months;
  }

  /** Reserves one order for `keyId`; false when `limit` orders were already counted this month. */
  tryReserve(keyId: string, limit: number, nowMs: number): boolean {
    const months = this.months(keyId);
    const month = QuotaCounter.monthOf(nowMs);
    const count = months.get(month) ?? 0;
    if (count >= limit) return false;
    months.set(month, count + 1);
    return true;
  }

  /** Gives back a reservation whose order was not created. */
  refund(keyId: string, nowMs: number): void {
    const months = this.months(keyId);
    const month = QuotaCounter.monthOf(nowMs);
    months.set(month, Math.max(0, (months.get(month) ?? 0) - 1));
  }

  /** Counts an order that already exists (replay of the journal at start). */
  record(keyId: string, createdAtMs: number): void {
    const months = this.months(keyId);
    const month = QuotaCounter.monthOf(createdAtMs);
    months.set(month, (months.get(month) ?? 0) + 1);
  }

  /** Forgets every count (tests, MSW reset). */
  reset(): void {
    this.used.clear();
  }
}
