// Whether callers are keeping the API's event loop busy, so that deliveries can wait for them: the
// loop's utilisation (the share of its time spent running, not waiting for I/O) over its last
// window. Deliveries that run during a burst take the CPU the burst's callers need, on the cores
// they share; deferred a few seconds, they are sent in the lull after it (docs/decisions.md,
// "Deliveries wait out a burst").
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { StoredEvent } from '../../src/api/orders/deps.ts';
import { Fifo } from './fifo.ts';

/** The API's load as a delivery queue asks about it. */
export interface ApiLoad {
  /** Whether the API's loop has been busy lately (read at most once a window; cheap to ask). */
  busy(): boolean;
}

/** Never busy: deliveries are sent as soon as they are due (tests, and queues told not to wait). */
export const neverBusy: ApiLoad = { busy: () => false };

/** The share of a window the loop must have run for to count as busy. */
export const busyUtilisation = 0.85;

/** How long a window of the loop's utilisation is (ms). */
export const loadWindowMs = 250;

/**
 * This thread's event loop, busy when it ran for at least `threshold` of its last window. A window
 * is read when asked after it ends, so an idle process reads nothing.
 */
export function eventLoopLoad(threshold = busyUtilisation, windowMs = loadWindowMs): ApiLoad {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let lastMs = performance.now();
  // A threshold of 0 is busy from the start, before a window has been read.
  let busy = threshold <= 0;
  return {
    busy() {
      const now = performance.now();
      if (now - lastMs < windowMs) return busy;
      const current = performance.eventLoopUtilization();
      busy = performance.eventLoopUtilization(current, last).utilization >= threshold;
      [last, lastMs] = [current, now];
      return busy;
    },
  };
}

/** The longest a due delivery waits while the API is busy (ms): the schedule's first retry delay. */
export const burstDeferMs = 5_000;

/**
 * How long a delivery due at `dueMs` should still wait at `nowMs` (0: send it now). None while the
 * API is idle; while it is busy, until it has waited `deferMs`, asked again after each window.
 */
export function burstWait(load: ApiLoad, dueMs: number, nowMs: number, deferMs = burstDeferMs): number {
  const left = dueMs + deferMs - nowMs;
  if (left <= 0 || !load.busy()) return 0;
  return Math.min(left, loadWindowMs);
}

/** The longest wait: ESTATE_WEBHOOKS_BURST_WAIT_MS (ms; 0 sends at once, busy or not), else burstDeferMs. */
export function burstDeferFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.ESTATE_WEBHOOKS_BURST_WAIT_MS;
  if (value === undefined || value === '') return burstDeferMs;
  if (!/^\d{1,7}$/.test(value.trim()))
    throw new Error(`ESTATE_WEBHOOKS_BURST_WAIT_MS must be a whole number of milliseconds, not "${value}"`);
  return Number(value.trim());
}

/**
 * The share of its window the loop must run for to count as busy: ESTATE_WEBHOOKS_BUSY_SHARE (0 to
 * 1; 0 holds every delivery its longest wait, as a test of holding needs), else busyUtilisation.
 */
export function busyShareFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.ESTATE_WEBHOOKS_BUSY_SHARE;
  if (value === undefined || value === '') return busyUtilisation;
  const share = Number(value.trim());
  if (!/^\s*(0|1|0?\.\d+)\s*$/.test(value) || share > 1)
    throw new Error(`ESTATE_WEBHOOKS_BUSY_SHARE must be a share from 0 to 1, not "${value}"`);
  return share;
}

/** What a held event's deliveries are made from; its body is read back from the store to send it. */
export type EventHeading = Pick<StoredEvent, 'id' | 'type' | 'created' | 'environment'>;

/** An event held back (whole, or its heading), and when it was raised (the queue's clock, ms). */
interface Held {
  event: StoredEvent | EventHeading;
  atMs: number;
}

/**
 * Events raised while the API is busy, kept as they came (one push each, nothing per endpoint)
 * until they may become deliveries: when the API is idle again, or when they have waited the bound.
 */
export class BurstHold {
  private readonly held = new Fifo<Held>();
  private readonly load: ApiLoad;
  private readonly deferMs: number;

  constructor(load: ApiLoad, deferMs: number) {
    this.load = load;
    this.deferMs = deferMs;
  }

  /** How many events are held. */
  get length(): number {
    return this.held.length;
  }

  /**
   * Holds an event raised at `atMs`: whole while the API is idle (it goes on the next turn), only
   * its heading while it is busy, so that a burst's events die young instead of surviving every
   * collection until they are sent.
   */
  push(event: StoredEvent, atMs: number): void {
    if (this.deferMs === 0 || !this.load.busy()) this.held.push({ event, atMs });
    else
      this.held.push({
        event: { id: event.id, type: event.type, created: event.created, environment: event.environment },
        atMs,
      });
  }

  /**
   * Hands `each` the events that may go at `nowMs` (every one with `all`), oldest first; returns
   * how long the rest wait (ms; 0 when none is left).
   */
  release(
    nowMs: number,
    each: (event: StoredEvent | EventHeading, atMs: number) => void,
    all = false,
  ): number {
    for (let next = this.held.peek(); next !== undefined; next = this.held.peek()) {
      const wait = all ? 0 : burstWait(this.load, next.atMs, nowMs, this.deferMs);
      if (wait > 0) return wait;
      this.held.shift();
      each(next.event, next.atMs);
    }
    return 0;
  }
}
