// When the in-process queue looks for deliveries to start: on the turn after anything wakes it
// (however many wakes that turn had), and again when the wait its last look asked for is over.
import { SoonestTimer } from './soonest-timer.ts';

/** Runs `look` once per turn it is woken in, and after the wait each look returns (ms; null: none). */
export class Wakeups {
  private readonly look: () => number | null;
  private readonly timer = new SoonestTimer(() => this.wake());
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
    this.timer.clear();
  }

  /** Waits `ms` before the next look (null: none); a timer set to fire sooner is kept. */
  private arm(ms: number | null): void {
    if (ms === null) this.timer.clear();
    else this.timer.within(ms);
  }
}
