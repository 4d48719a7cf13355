// The API's load as the delivery queue reads it: busy after a window in which the event loop ran
// for at least the threshold, idle after one it waited through; how long a due delivery is held
// (never past the bound, never while idle); and the bound read from the environment.
import { performance } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import {
  burstDeferFromEnv,
  busyShareFromEnv,
  busyUtilisation,
  burstDeferMs,
  burstWait,
  eventLoopLoad,
  loadWindowMs,
  neverBusy,
} from '../../../server/webhooks/burst.ts';

/** Keeps this thread's loop running (not waiting) for `ms`. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const idleFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event loop's load", () => {
  it('is busy after a window the loop spent running, and idle after one it spent waiting', async () => {
    const load = eventLoopLoad(0.5, 20);
    spin(30);
    expect(load.busy()).toBe(true);
    await idleFor(60);
    // Idle now: a window spent waiting reads idle (asked until one is, since the runner's own work
    // may share a window on a loaded machine).
    await vi.waitFor(() => expect(load.busy()).toBe(false), { timeout: 2_000, interval: 30 });
  });

  it('reads a window only once it has ended: asked again at once, it answers as before', () => {
    const load = eventLoopLoad(0.5, 1_000);
    spin(5);
    expect(load.busy()).toBe(false); // the first window has not ended: still the initial reading
  });
});

describe('how long a due delivery is held', () => {
  const busy = { busy: () => true };
  const due = 1_000_000;

  it('not at all while the API is idle', () => {
    expect(burstWait(neverBusy, due, due)).toBe(0);
  });

  it('while the API is busy, one window at a time, never past the bound', () => {
    expect(burstWait(busy, due, due)).toBe(loadWindowMs);
    expect(burstWait(busy, due, due + burstDeferMs - 30)).toBe(30);
    expect(burstWait(busy, due, due + burstDeferMs)).toBe(0);
    expect(burstWait(busy, due, due + 10, 0)).toBe(0);
  });
});

describe('the bound from the environment', () => {
  it.each([
    [undefined, burstDeferMs],
    ['', burstDeferMs],
    ['0', 0],
    [' 2500 ', 2_500],
  ])('ESTATE_WEBHOOKS_BURST_WAIT_MS=%j gives %d ms', (value, ms) => {
    expect(burstDeferFromEnv({ ESTATE_WEBHOOKS_BURST_WAIT_MS: value })).toBe(ms);
  });

  it.each(['-1', '5s', '1.5', '99999999'])('refuses %j, naming the variable', (value) => {
    expect(() => burstDeferFromEnv({ ESTATE_WEBHOOKS_BURST_WAIT_MS: value })).toThrow(
      /ESTATE_WEBHOOKS_BURST_WAIT_MS must be a whole number of milliseconds/,
    );
  });
});

describe('the busy share from the environment', () => {
  it('a share of 0 is busy from the start, before a window has been read', () => {
    expect(eventLoopLoad(0).busy()).toBe(true);
    expect(eventLoopLoad().busy()).toBe(false);
  });

  it.each([
    [undefined, busyUtilisation],
    ['', busyUtilisation],
    ['0', 0],
    ['0.5', 0.5],
    [' .9 ', 0.9],
    ['1', 1],
  ])('ESTATE_WEBHOOKS_BUSY_SHARE=%j gives %d', (value, share) => {
    expect(busyShareFromEnv({ ESTATE_WEBHOOKS_BUSY_SHARE: value })).toBe(share);
  });

  it.each(['-0.1', '1.5', 'half', '85%'])('refuses %j, naming the variable', (value) => {
    expect(() => busyShareFromEnv({ ESTATE_WEBHOOKS_BUSY_SHARE: value })).toThrow(
      /ESTATE_WEBHOOKS_BUSY_SHARE must be a share from 0 to 1/,
    );
  });
});
