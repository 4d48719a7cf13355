// When a Postgres delivery worker looks for work (server/webhooks/poller.ts): a wake looks at once,
// a wake during a look nudges it and looks again after it, a wake within the quiet spell after an
// empty look waits it out (also one that came during the claim that found nothing, and though its
// timer fires early), and a look that fails is said once until one succeeds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Poller } from '../../../server/webhooks/poller.ts';
import { until } from '../../helpers/poll.ts';

describe('Poller', () => {
  const pollers: Poller[] = [];
  /** Held looks, let go before closing (a failed expectation skips a test's own finish()). */
  const held: (() => void)[] = [];
  afterEach(async () => {
    for (const finish of held.splice(0)) finish();
    await Promise.all(pollers.splice(0).map((p) => p.close()));
    vi.restoreAllMocks();
  });

  /**
   * A look that runs until `finish()`, the first time; the look after it (the wake during it asks
   * for one) ends at once, so closing the poller does not wait for it.
   */
  function firstLookHeld(): { look: () => Promise<void>; finish: () => void } {
    let looks = 0;
    let finish = () => {};
    const look = () =>
      looks++ === 0 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
    held.push(() => finish());
    return { look, finish: () => finish() };
  }

  function poller(look: () => Promise<void>, timings = { pollMs: 60_000, quietMs: 0 }): Poller {
    const p = new Poller(look, timings);
    pollers.push(p);
    return p;
  }

  it('looks when started and when woken, one look at a time, and once more after a wake during one', async () => {
    let looks = 0;
    let finish = () => {};
    const p = poller(() => {
      looks++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    p.wake();
    expect(looks).toBe(0); // not started
    p.start();
    expect(looks).toBe(1);
    const nudged = p.nudged();
    p.wake();
    p.wake();
    await nudged; // the running look hears of the wake
    expect(looks).toBe(1);
    finish();
    await until('the look after the wakes', () => looks === 2);
    finish();
  });

  it('a wake during a claim that found nothing ends the next nudge after the quiet spell, without another', async () => {
    const { look, finish } = firstLookHeld();
    const p = poller(look, { pollMs: 60_000, quietMs: 100 });
    p.start(); // a look is running: it claims…
    const before = p.wakes;
    p.wake(); // …a create commits meanwhile…
    p.foundNothing(before); // …and the claim found nothing
    const started = performance.now();
    await p.nudged();
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(performance.now() - started).toBeLessThan(30_000);
    finish();
  });

  it('waits out the whole quiet spell though a timer fires early (node counts from the turn start)', async () => {
    const setTimer = globalThis.setTimeout;
    // every timer fires 60 ms early, as one set late in a long turn of a busy loop does
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) =>
      setTimer(fn, Math.max(0, (ms ?? 0) - 60))) as typeof setTimeout);
    const { look, finish } = firstLookHeld();
    const p = poller(look, { pollMs: 60_000, quietMs: 100 });
    p.start();
    const before = p.wakes;
    p.wake();
    p.foundNothing(before);
    const started = performance.now();
    await p.nudged();
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    finish();
  });

  it('after an empty look, a wake waits out the quiet spell', async () => {
    const looked: number[] = [];
    const p = poller(
      () => {
        looked.push(performance.now());
        p.foundNothing();
        return Promise.resolve();
      },
      { pollMs: 60_000, quietMs: 200 },
    );
    p.start();
    await until('the first look', () => looked.length === 1);
    p.wake();
    expect(looked).toHaveLength(1);
    await until('the look after the quiet spell', () => looked.length === 2);
    expect((looked[1] ?? 0) - (looked[0] ?? 0)).toBeGreaterThanOrEqual(190);
  });

  it('says a failing look once, and when looks succeed again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    let looks = 0;
    const p = poller(
      () => {
        looks++;
        return fail ? Promise.reject(new Error('connection refused')) : Promise.resolve();
      },
      { pollMs: 10, quietMs: 0 },
    );
    p.start();
    await until('three failed looks', () => looks >= 3);
    fail = false;
    await until('a look that succeeds', () => error.mock.calls.length === 2);
    expect(error.mock.calls.map(([m]) => String(m))).toEqual([
      'Webhooks: cannot look for deliveries (connection refused); retrying',
      'Webhooks: delivering again',
    ]);
  });
});
