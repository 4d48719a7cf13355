// One timer that fires at the soonest time it was asked for: the delivery queues' "look again in
// ms, unless a look is due sooner already".

/** Calls `fire` once the soonest wait asked for (since it last fired or was cleared) is over. */
export class SoonestTimer {
  private readonly fire: () => void;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When `timer` fires (performance.now()). */
  private at = Number.POSITIVE_INFINITY;

  constructor(fire: () => void) {
    this.fire = fire;
  }

  /** Fires in `ms`, unless it is set to fire sooner already. Never keeps the process alive. */
  within(ms: number): void {
    const at = performance.now() + ms;
    if (this.timer && this.at <= at) return;
    this.clear();
    this.at = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.at = Number.POSITIVE_INFINITY;
      this.fire();
    }, ms);
    this.timer.unref();
  }

  /** Does not fire (until asked again). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.at = Number.POSITIVE_INFINITY;
  }
}
