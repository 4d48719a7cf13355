// Per-minute demand of one consumer through one key on one day, and its histogram.
import type { Rng } from '../rng.ts';
import { apportion } from './apportion.ts';

/** A day of per-minute demand: totals, the 429s the rpm budget causes, and where they fall. */
export interface MinuteDemand {
  perMinute: Int32Array;
  requests: number;
  throttled: number;
}

/** The minutes of a day (0–1439, both inclusive) in which a key may be used. */
export interface LiveMinutes {
  first: number;
  last: number;
  /** The key's last use falls in `last`: that minute must carry a request. */
  endsInLastUse: boolean;
}

/** Every minute of the day, not ending in a last use. */
export const wholeDay: LiveMinutes = { first: 0, last: 1439, endsInLastUse: false };

/**
 * Spreads `accepted` requests over the live minutes of the day following `shape` (quantised so a
 * day has a few hundred distinct per-minute rates at most), plus an optional burst over `budget`
 * whose excess is throttled (429). Minutes outside `live` carry nothing; the minutes add up exactly
 * to the requests.
 */
export function minuteDemand(
  rng: Rng,
  accepted: number,
  shape: Float64Array,
  budget: number,
  burst: { multiplier: number } | null,
  live: LiveMinutes = wholeDay,
): MinuteDemand {
  const perMinute = new Int32Array(1440);
  const isLive = (m: number): boolean => m >= live.first && m <= live.last;
  let rest = accepted;
  let burstStart = -1;
  let burstLength = 0;
  if (burst && accepted > budget * 90) {
    burstStart = rng.int(60, 120);
    burstLength = rng.int(45, 70);
    if (isLive(burstStart) && isLive(burstStart + burstLength - 1)) {
      for (let m = burstStart; m < burstStart + burstLength; m++)
        perMinute[m] = Math.max(budget + 1, Math.round(budget * burst.multiplier * rng.logNormal(1, 0.08)));
      rest -= budget * burstLength;
    } else burstLength = 0;
  }
  const weights = new Float64Array(1440);
  let sum = 0;
  for (let m = 0; m < 1440; m++) {
    const inBurst = m >= burstStart && m < burstStart + burstLength;
    // Drawn for every minute, so a shorter live span does not shift the stream.
    const draw = (shape[m] as number) * rng.logNormal(1, 0.25);
    const w = inBurst || !isLive(m) ? 0 : draw;
    weights[m] = w;
    sum += w;
  }
  if (sum > 0) spread(perMinute, weights, rest, live);
  // Every live minute in the burst (never in practice): the rest lands on the first live one.
  else perMinute[live.first] = (perMinute[live.first] as number) + rest;
  let requests = 0;
  let throttled = 0;
  for (let m = 0; m < 1440; m++) {
    const d = perMinute[m] as number;
    requests += d;
    if (d > budget) throttled += d - budget;
  }
  return { perMinute, requests, throttled };
}

/** Adds `rest` requests to the minutes in proportion to their (positive) weights, quantised. */
function spread(perMinute: Int32Array, weights: Float64Array, rest: number, live: LiveMinutes): void {
  const step = Math.max(1, Math.floor(rest / (live.last - live.first + 1) / 40));
  const units = apportion(Math.floor(rest / step), Array.from(weights));
  let peak = -1;
  for (let m = 0; m < 1440; m++) {
    if (weights[m] === 0) continue;
    perMinute[m] = (units[m] as number) * step;
    if (peak < 0 || (perMinute[m] as number) > (perMinute[peak] as number)) peak = m;
  }
  perMinute[peak] = (perMinute[peak] as number) + (rest - Math.floor(rest / step) * step);
  // The key's last use is a counted request: its minute carries at least one.
  if (live.endsInLastUse && perMinute[live.last] === 0 && (perMinute[peak] as number) > 0) {
    perMinute[peak] = (perMinute[peak] as number) - 1;
    perMinute[live.last] = 1;
  }
}

/** The histogram of a day's per-minute demand: [requests_per_minute, minutes] pairs, ascending. */
export function demandHistogram(perMinute: Int32Array): [number, number][] {
  const counts = new Map<number, number>();
  for (const d of perMinute) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}
