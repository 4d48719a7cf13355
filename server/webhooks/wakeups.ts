// When the in-process queue looks for deliveries to start: on the turn after anything wakes it
// (however many wakes that turn had), and again when the wait its last look asked for is over.

/** Runs `look` once per turn it is woken in, and after the wait each look returns (ms; null: none). */
export class Wakeups {
  private readonly look: () => number | null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the timer fires (Date.now ms): a look that wants no earlier one keeps it. */
  private timerAt = 0;
  private woken = false;
  private closed = false;

  constructor(look: () => number | null) {
    this.look = look;
  }

  /** Looks on a later turn of the event loop (once, however often it is woken before then). */
  wake(): void {
    if (this.woken || this.closed) return;
    this.woken = true;
    setImmediate(() => {
      this.woken = false;
      if (!this.closed) this.arm(this.look()); // not if closed since this turn was asked for
    });
  }

  /** Stops looking, now and for every wake and timer to come. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Waits `ms` before the next look; an armed timer that fires no later than that is kept. */
  private arm(ms: number | null): void {
    const now = Date.now();
    if (ms !== null && this.timer && this.timerAt <= now + ms) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (ms === null) return;
    this.timerAt = now + ms;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, ms);
    this.timer.unref();
  }
}
