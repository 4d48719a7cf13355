// The signal a delivery worker's loop waits on: every wait so far resolves at the next fire, and a
// wait begun after a fire waits for the one after.
import { describe, expect, it } from 'vitest';
import { Signal } from '../../../server/webhooks/signal.ts';

describe('Signal', () => {
  it('resolves every wait at the next fire, and only waits begun before it', async () => {
    const signal = new Signal();
    const seen: string[] = [];
    const first = signal.wait().then(() => seen.push('first'));
    const second = signal.wait().then(() => seen.push('second'));
    signal.fire();
    await Promise.all([first, second]);
    let late = false;
    void signal.wait().then(() => (late = true));
    await Promise.resolve();
    expect(seen).toEqual(['first', 'second']);
    expect(late).toBe(false);
    signal.fire();
    await Promise.resolve();
    expect(late).toBe(true);
  });
});
