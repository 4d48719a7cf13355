// When a delivery is tried again (docs/events.md, "Retries"): Svix's schedule, with jitter, and a
// Retry-After on 429 or 503 honoured when it asks for longer, up to the schedule's longest step.

/** Delay before each attempt after the previous one failed (ms): attempt 1 at once, then 5 s, 5 min, … */
export const retrySchedule = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/**
 * The longest a receiver's Retry-After can delay an attempt (ms): the schedule's longest step, 10 h,
 * so no answer parks a delivery for longer than the schedule would, past the 5-day disable rule.
 */
export const maxRetryAfterMs = Math.max(...retrySchedule);

/** How long an attempt may take (ms). */
export const attemptTimeoutMs = 15_000;

/** An endpoint failing for this long without a success is disabled (ms): 5 days, as Svix. */
export const disableAfterMs = 5 * 24 * 3_600_000;

/** Jitter: each delay is multiplied by a factor in [1 - jitter, 1 + jitter). */
export const jitter = 0.1;

/** Uniform in [0, 1), for jitter: not seeded, since nothing about retries is replayed. */
export function jitterRandom(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;
}

/** Retry-After (seconds or an HTTP date) in ms from `nowMs`, or null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * The delay before attempt `next` (2…8), or null when the schedule is spent. `random` in [0, 1)
 * spreads retries so an endpoint that comes back is not hit by every delivery at once.
 */
export function delayBefore(next: number, random: number, retryAfter: number | null = null): number | null {
  const base = retrySchedule[next - 1];
  if (base === undefined || next < 2) return null;
  const jittered = Math.round(base * (1 - jitter + 2 * jitter * random));
  return retryAfter === null ? jittered : Math.max(jittered, Math.min(retryAfter, maxRetryAfterMs));
}
