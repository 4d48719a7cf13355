// Redis's clock as this process knows it, so a script can carry its deadline on Redis's own clock:
// a script Redis runs only after the server gave up on it (Redis frozen, or too slow: the request
// was answered 503, "nothing was stored") must change nothing. Learnt from replies that say Redis's
// time (each script's, and a TIME sent on every connect); until one has come, scripts carry no
// deadline.

/** This process's clock, in ms: monotonic, unlike Date.now(). */
export const localMs = () => performance.timeOrigin + performance.now();

/** Redis's clock minus this process's, learnt from replies. */
export class RedisClock {
  /** Redis's clock minus ours, never too large; null until a reply. */
  private offsetMs: number | null = null;
  /** The round trip of the reply `offsetMs` came from: the most it understates the offset by. */
  private roundTripMs = Number.POSITIVE_INFINITY;
  private readonly changesWithinMs: number;
  private readonly marginMs: number;

  /**
   * A script may change anything until `marginMs` before its command's timeout, so a deadline never
   * falls after the timeout, when the request has been answered 503.
   */
  constructor(limits: { commandTimeoutMs: number; marginMs: number }) {
    this.changesWithinMs = limits.commandTimeoutMs - limits.marginMs;
    this.marginMs = limits.marginMs;
  }

  /** The deadline, in ms on Redis's clock, of a script sent at `sentMs` ('0': none known yet). */
  deadline(sentMs: number): number {
    return this.offsetMs === null ? 0 : Math.floor(sentMs + this.offsetMs + this.changesWithinMs);
  }

  /**
   * Learns from a reply to a script sent at `sentMs` that Redis's clock said `redisMs`. Redis read
   * it before the reply came, so `redisMs` minus now never overstates the offset (a deadline from it
   * is never late) and understates it by the round trip at most (a deadline that early). The latest
   * reply within `marginMs` is used; before one has come, the quickest slower one, so that a server
   * too loaded to hear a quick reply still gives every script a deadline.
   */
  sample(sentMs: number, redisMs: number): void {
    const receivedMs = localMs();
    const roundTripMs = receivedMs - sentMs;
    if (roundTripMs > this.marginMs && roundTripMs >= this.roundTripMs) return;
    this.offsetMs = redisMs - receivedMs;
    this.roundTripMs = roundTripMs;
  }
}
