// Redis's clock as this process knows it, so a script can carry its deadline on Redis's own clock:
// a script Redis runs only after the server gave up on it (Redis frozen, or too slow: the request
// was answered 503, "nothing was stored") must change nothing. Learnt from quick replies that say
// Redis's time; until one has come, scripts carry no deadline.

/** A reply this quick tells Redis's clock from ours within this much. */
const clockSampleMs = 50;

/** This process's clock, in ms: monotonic, unlike Date.now(). */
export const localMs = () => performance.timeOrigin + performance.now();

/** Redis's clock minus this process's, learnt from quick replies. */
export class RedisClock {
  /** Redis's clock minus ours, at most `clockSampleMs` too large; null until a quick reply. */
  private offsetMs: number | null = null;
  private readonly changesWithinMs: number;

  /** `changesWithinMs`: how long after it is sent a script may still change anything. */
  constructor(changesWithinMs: number) {
    this.changesWithinMs = changesWithinMs;
  }

  /** The deadline, in ms on Redis's clock, of a script sent at `sentMs` ('0': none known yet). */
  deadline(sentMs: number): number {
    return this.offsetMs === null ? 0 : Math.floor(sentMs + this.offsetMs + this.changesWithinMs);
  }

  /** Learns from a reply to a script sent at `sentMs` that Redis's clock said `redisMs`. */
  sample(sentMs: number, redisMs: number): void {
    if (localMs() - sentMs <= clockSampleMs) this.offsetMs = redisMs - sentMs;
  }
}
