// Per-minute demand of one consumer through one key on one day, and its histogram.
import type { Rng } from '../rng.ts';
import { apportion } from './apportion.ts';

/** A day of per-minute demand: totals, the 429s the rpm budget causes, and where they fall. */
export interface MinuteDemand {
  perMinute: Int32Array;
  requests: number;
  throttled: number;
}

/**
 * Spreads `accepted` requests over the day's minutes following `shape` (quantised so a day has a
 * few hundred distinct per-minute rates at most), plus an optional burst over `budget` whose
 * excess is throttled (429). The minutes add up exactly to the requests.
 */
export function minuteDemand(
  rng: Rng,
  accepted: number,
  shape: Float64Array,
  budget: number,
  burst: { multiplier: number } | null,
): MinuteDemand {
  const perMinute = new Int32Array(1440);
  let rest = accepted;
  let burstStart = -1;
  let burstLength = 0;
  if (burst && accepted > budget * 90) {
    burstStart = rng.int(60, 120);
    burstLength = rng.int(45, 70);
    for (let m = burstStart; m < burstStart + burstLength; m++)
      perMinute[m] = Math.max(budget + 1, Math.round(budget * burst.multiplier * rng.logNormal(1, 0.08)));
    rest -= budget * burstLength;
  }
  const weights = new Float64Array(1440);
  let sum = 0;
  for (let m = 0; m < 1440; m++) {
    const inBurst = m >= burstStart && m < burstStart + burstLength;
    const w = inBurst ? 0 : (shape[m] as number) * rng.logNormal(1, 0.25);
    weights[m] = w;
    sum += w;
  }
  const step = Math.max(1, Math.floor(rest / 1440 / 40));
  const units = apportion(Math.floor(rest / step), Array.from(weights));
  let peak = 0;
  for (let m = 0; m < 1440; m++) {
    if (weights[m] === 0 && sum > 0) continue;
    perMinute[m] = (units[m] as number) * step;
    if ((perMinute[m] as number) > (perMinute[peak] as number) || weights[peak] === 0) peak = m;
  }
  perMinute[peak] = (perMinute[peak] as number) + (rest - Math.floor(rest / step) * step);
  let requests = 0;
  let throttled = 0;
  for (let m = 0; m < 1440; m++) {
    const d = perMinute[m] as number;
    requests += d;
    if (d > budget) throttled += d - budget;
  }
  return { perMinute, requests, throttled };
}

/** The histogram of a day's per-minute demand: [requests_per_minute, minutes] pairs, ascending. */
export function demandHistogram(perMinute: Int32Array): [number, number][] {
  const counts = new Map<number, number>();
  for (const d of perMinute) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}
