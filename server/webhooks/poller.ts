// When a Postgres delivery worker looks for work: when a local create wakes it, and every `pollMs`
// (for other workers' events and retries coming due). After a look that found nothing, wakes wait
// out a quiet spell of `quietMs` and then look once, so a busy server with no endpoint does not
// claim in vain on every create. A worker still sending is nudged instead (nudged()).
import { SoonestTimer } from './soonest-timer.ts';

/** The poller's timings. */
export interface PollTimings {
  pollMs: number;
  quietMs: number;
}

/** A running look's wait for new work. */
interface Nudge {
  promise: Promise<void>;
  resolve: () => void;
  /** A wake has come for it (and ends it once the quiet spell is over). */
  woken: boolean;
}

/** Runs `look` when woken or polled, one look at a time; the queue's loop calls back into it. */
export class Poller {
  private readonly look: () => Promise<void>;
  private readonly o: PollTimings;
  /** The next look on its own: the poll's, or the end of a quiet spell. */
  private readonly timer = new SoonestTimer(() => this.wake());
  /** When a look last found nothing due (performance.now()). */
  private foundNothingAt = Number.NEGATIVE_INFINITY;
  private running: Promise<void> | null = null;
  private again = false;
  /** What a running look waits on for new work (nudged()). */
  private nudge: Nudge | null = null;
  /** Wakes that came while a look was running. */
  private wakeCount = 0;
  /** A wake came during the claim that found nothing: the next nudge needs no other. */
  private missed = false;
  /** Why the last look failed, logged once until a look succeeds. */
  private failing: string | null = null;
  private started = false;
  /** Closed: no more looks; a running one winds down. */
  closed = false;

  constructor(look: () => Promise<void>, timings: PollTimings) {
    this.look = look;
    this.o = timings;
  }

  /** Looks on its own from now on. */
  start(): void {
    this.started = true;
    this.wake();
  }

  /** Stops looking; waits for the look under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.timer.clear();
    await this.running;
  }

  /** Wakes so far: a look reads it before a claim, to tell whether one came during it. */
  get wakes(): number {
    return this.wakeCount;
  }

  /**
   * The last look found nothing due: wakes wait out the quiet spell. `wakesBefore` (read before the
   * claim): a wake that came during it may be for what the claim could not see yet, so the next
   * nudge ends once the quiet spell is over, without waiting for another wake.
   */
  foundNothing(wakesBefore = this.wakeCount): void {
    this.foundNothingAt = performance.now();
    this.missed = this.wakeCount !== wakesBefore;
  }

  /**
   * Resolves when new work may be due: a wake after the quiet spell, or the poll's interval. One
   * nudge at a time: a look that asks again while one is pending gets the same.
   */
  nudged(): Promise<void> {
    if (this.nudge) return this.nudge.promise;
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    const poll = setTimeout(() => this.endNudge(nudge), this.o.pollMs);
    poll.unref();
    const nudge: Nudge = {
      promise,
      resolve: () => {
        clearTimeout(poll);
        resolve();
      },
      woken: false,
    };
    this.nudge = nudge;
    if (this.missed) {
      this.missed = false;
      this.wokenWhileRunning(nudge);
    }
    return promise;
  }

  /** The first wake of a nudge ends it, once the quiet spell is over; later ones cost nothing. */
  private wokenWhileRunning(nudge: Nudge): void {
    if (nudge.woken) return;
    nudge.woken = true;
    this.endAfterQuiet(nudge);
  }

  /**
   * Ends `nudge` once the quiet spell is over, read on the clock each time: a timer can fire early
   * by as long as the event loop's turn had run when it was set (node counts from the turn's start).
   */
  private endAfterQuiet(nudge: Nudge): void {
    const quiet = this.foundNothingAt + this.o.quietMs - performance.now();
    if (quiet <= 0) this.endNudge(nudge);
    else setTimeout(() => this.endAfterQuiet(nudge), quiet).unref();
  }

  /** Resolves `nudge` if it is still the pending one. */
  private endNudge(nudge: Nudge | null): void {
    if (nudge === null || this.nudge !== nudge) return;
    this.nudge = null;
    nudge.resolve();
  }

  /** Looks now (or once the quiet spell is over); a look running is nudged, and looks again after. */
  wake(): void {
    if (!this.started || this.closed) return;
    if (this.running) {
      this.again = true;
      this.wakeCount++;
      if (this.nudge) this.wokenWhileRunning(this.nudge);
      return;
    }
    const quiet = this.foundNothingAt + this.o.quietMs - performance.now();
    if (quiet > 0) return this.timer.within(quiet);
    this.timer.clear();
    this.running = this.look()
      .then(() => {
        if (this.failing !== null) console.error('Webhooks: delivering again');
        this.failing = null;
      })
      .catch((error: unknown) => {
        // Postgres out: said once, then tried again every poll until it is back.
        const reason = error instanceof Error ? error.message : String(error);
        if (this.failing === null)
          console.error(`Webhooks: cannot look for deliveries (${reason}); retrying`);
        this.failing = reason;
      })
      .finally(() => {
        this.running = null;
        if (this.closed) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer.within(this.o.pollMs);
      });
  }
}
