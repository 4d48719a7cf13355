// Exact per-key rpm budgets: a fixed one-minute window per key, and the RateLimit-Policy /
// RateLimit structured-field headers of draft-ietf-httpapi-ratelimit-headers.

/** The outcome of counting one request. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

/** Counts requests per key in fixed one-minute windows aligned to the clock's minutes. */
export class RateLimiter {
  readonly windowMs = 60_000;
  private readonly windows = new Map<string, { start: number; used: number }>();

  /** Counts one request for `keyId` against `limit` per minute; refused requests are not counted. */
  hit(keyId: string, limit: number, nowMs: number): RateDecision {
    const start = nowMs - (nowMs % this.windowMs);
    let window = this.windows.get(keyId);
    if (!window || window.start !== start) {
      window = { start, used: 0 };
      this.windows.set(keyId, window);
    }
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    const resetSeconds = Math.max(1, Math.ceil((start + this.windowMs - nowMs) / 1000));
    return { allowed, limit, remaining: Math.max(0, limit - window.used), resetSeconds };
  }

  /** Forgets every window (tests, MSW reset). */
  reset(): void {
    this.windows.clear();
  }
}

/** The rate-limit headers for a decision (policy name "rpm", window 60 s). */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-policy': `"rpm";q=${decision.limit};w=60`,
    ratelimit: `"rpm";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
}
