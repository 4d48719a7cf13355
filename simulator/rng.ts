// The only source of randomness in the simulator: seedrandom streams and a seeded faker, plus the
// pinned calendar ("today" is the configured as-of date, never the clock). Browser-safe.
import seedrandom from 'seedrandom';
import { Faker, en } from '@faker-js/faker';

const dayMs = 86_400_000;

/** A seeded stream of uniform numbers with the helpers the generators need. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** One element with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** A standard normal draw. */
  normal(): number;
  /** A log-normal draw with the given median and log-space sigma. */
  logNormal(median: number, sigma: number): number;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

/** An independent stream for one purpose: the same (seed, stream) always gives the same numbers. */
export function createRng(seed: string, stream: string): Rng {
  const source = seedrandom.alea(`${seed}/${stream}`);
  const next = (): number => source();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted(items, weight) {
      const total = items.reduce((sum, item) => sum + weight(item), 0);
      let target = next() * total;
      for (const item of items) {
        target -= weight(item);
        if (target < 0) return item;
      }
      return items[items.length - 1] as (typeof items)[number];
    },
    normal() {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    logNormal: (median, sigma) => median * Math.exp(sigma * rng.normal()),
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
  return rng;
}

/** A faker whose every draw follows from the seed. Never use its date helpers (they read the clock). */
export function createFaker(seed: string, stream: string): Faker {
  const faker = new Faker({ locale: [en] });
  faker.seed(Math.floor(createRng(seed, stream).next() * 2 ** 31));
  return faker;
}

/** Epoch milliseconds of a YYYY-MM-DD date at 00:00 UTC. */
export function dayStartMs(isoDay: string): number {
  const ms = Date.parse(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`Not a date (YYYY-MM-DD): ${isoDay}`);
  return ms;
}

/** The YYYY-MM-DD of epoch milliseconds (UTC). */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The ISO timestamp of epoch milliseconds (UTC). */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/** The pinned calendar of a workspace: "today" and the simulated days, all in UTC. */
export interface Calendar {
  asOfMs: number;
  periodStartMs: number;
  /** Epoch ms of 00:00 UTC of each simulated day, oldest first. */
  dayStarts: number[];
  /** Epoch ms of as-of minus n days. */
  daysAgo(n: number): number;
}

/** The calendar for an as-of date and a number of simulated days. */
export function calendar(asOf: string, days: number): Calendar {
  const asOfMs = dayStartMs(asOf);
  const periodStartMs = asOfMs - days * dayMs;
  return {
    asOfMs,
    periodStartMs,
    dayStarts: Array.from({ length: days }, (_, i) => periodStartMs + i * dayMs),
    daysAgo: (n) => asOfMs - n * dayMs,
  };
}

/** Milliseconds in a day. */
export const DAY_MS = dayMs;
