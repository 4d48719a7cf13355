// The delivery queues' timer: asked again for a later time it keeps the sooner one, asked for a
// sooner time it moves up, and cleared it does not fire.
import { describe, expect, it, vi } from 'vitest';
import { SoonestTimer } from '../../../server/webhooks/soonest-timer.ts';

function counted() {
  const fired = { n: 0 };
  return { fired, timer: new SoonestTimer(() => fired.n++) };
}

describe('SoonestTimer', () => {
  it('keeps the sooner time when asked for a later one', async () => {
    const { fired, timer } = counted();
    timer.within(10);
    timer.within(60_000);
    await vi.waitFor(() => expect(fired.n).toBe(1));
    timer.clear();
  });

  it('moves up when asked for a sooner time, and fires once', async () => {
    const { fired, timer } = counted();
    const later = counted();
    timer.within(60_000);
    timer.within(10);
    later.timer.within(40);
    await vi.waitFor(() => expect(later.fired.n).toBe(1));
    expect(fired.n).toBe(1);
    timer.clear();
  });

  it('does not fire once cleared', async () => {
    const cleared = counted();
    const witness = counted();
    cleared.timer.within(10);
    cleared.timer.clear();
    witness.timer.within(40);
    await vi.waitFor(() => expect(witness.fired.n).toBe(1));
    expect(cleared.fired.n).toBe(0);
  });
});
