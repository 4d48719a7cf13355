// A signal a loop can wait on: `wait()` resolves at the next `fire()`.

/** Wakes whoever waits, each time it fires. */
export class Signal {
  private waiters: (() => void)[] = [];

  /** Resolves at the next fire(). */
  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves every wait() so far. */
  fire(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
