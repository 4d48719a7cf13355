// Daily and weekly seasonality: when in the day and week each kind of caller sends traffic.
import type { CallerKind } from '../world/types.ts';

const gauss = (x: number, mu: number, sd: number): number => Math.exp(-(((x - mu) / sd) ** 2));

/** Relative demand in each minute of a UTC day (1440 weights) for a kind of caller. */
export function diurnal(kind: CallerKind): Float64Array {
  const weights = new Float64Array(1440);
  for (let m = 0; m < 1440; m++) {
    const h = m / 60;
    // People: a European morning and an American afternoon; automation: flat with a nightly batch;
    // assistants: follow people, a little later into the evening.
    weights[m] =
      kind === 'human'
        ? 0.18 + 0.7 * gauss(h, 10, 3) + gauss(h, 17, 3.5)
        : kind === 'automation'
          ? 0.75 + 0.25 * gauss(h, 14, 5) + 0.35 * gauss(h, 2, 1)
          : 0.25 + 0.6 * gauss(h, 11, 3) + gauss(h, 19, 3.5);
  }
  return weights;
}

/** Relative demand of a day of the week (0 = Sunday) for a kind of caller. */
export function weekday(kind: CallerKind, dayOfWeek: number): number {
  const weekend = dayOfWeek === 0 || dayOfWeek === 6;
  if (!weekend) return dayOfWeek === 1 ? 1.04 : 1;
  return kind === 'human' ? 0.66 : kind === 'automation' ? 0.82 : 0.88;
}
