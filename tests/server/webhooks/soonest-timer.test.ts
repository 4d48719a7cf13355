// The delivery queues' timer: asked again for a later time it keeps the sooner one, asked for a
// sooner time it moves up, and cleared it does not fire; each fires once, however long one watches
// (the clock is faked, so a minute passes at once).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SoonestTimer } from '../../../server/webhooks/soonest-timer.ts';

function counted() {
  const fired = { n: 0 };
  return { fired, timer: new SoonestTimer(() => fired.n++) };
}

describe('SoonestTimer', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps the sooner time when asked for a later one', () => {
    const { fired, timer } = counted();
    timer.within(10);
    timer.within(60_000);
    vi.advanceTimersByTime(10);
    expect(fired.n).toBe(1);
    vi.advanceTimersByTime(120_000);
    expect(fired.n).toBe(1);
  });

  it('moves up when asked for a sooner time, and fires once', () => {
    const { fired, timer } = counted();
    timer.within(60_000);
    timer.within(10);
    vi.advanceTimersByTime(9);
    expect(fired.n).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired.n).toBe(1);
    vi.advanceTimersByTime(120_000);
    expect(fired.n).toBe(1);
  });

  it('does not fire once cleared', () => {
    const { fired, timer } = counted();
    timer.within(10);
    timer.clear();
    vi.advanceTimersByTime(120_000);
    expect(fired.n).toBe(0);
  });
});
