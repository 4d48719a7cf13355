// Redis's clock as this process knows it, so a script can carry its deadline on Redis's own clock:
// a script Redis runs only after the server gave up on it (Redis frozen, or too slow: the request
// was answered 503, "nothing was stored") must change nothing. Learnt from quick replies that say
// Redis's time; until one has come, scripts carry no deadline.

/** This process's clock, in ms: monotonic, unlike Date.now(). */
export const localMs = () => performance.timeOrigin + performance.now();

/** Redis's clock minus this process's, learnt from quick replies. */
export class RedisClock {
  /** Redis's clock minus ours, at most `marginMs` too large; null until a quick reply. */
  private offsetMs: number | null = null;
  private readonly changesWithinMs: number;
  private readonly marginMs: number;

  /**
   * A script may change anything until `marginMs` before its command's timeout; a reply within
   * `marginMs` tells the clocks apart within that margin, so a deadline never falls after the
   * timeout, when the request has been answered 503.
   */
  constructor(limits: { commandTimeoutMs: number; marginMs: number }) {
    this.changesWithinMs = limits.commandTimeoutMs - limits.marginMs;
    this.marginMs = limits.marginMs;
  }

  /** The deadline, in ms on Redis's clock, of a script sent at `sentMs` ('0': none known yet). */
  deadline(sentMs: number): number {
    return this.offsetMs === null ? 0 : Math.floor(sentMs + this.offsetMs + this.changesWithinMs);
  }

  /** Learns from a reply to a script sent at `sentMs` that Redis's clock said `redisMs`. */
  sample(sentMs: number, redisMs: number): void {
    if (localMs() - sentMs <= this.marginMs) this.offsetMs = redisMs - sentMs;
  }
}
