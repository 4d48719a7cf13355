// The period plan: how each consumer's counted requests spread over the days (weekly seasonality,
// slow growth, day-to-day noise), adding up exactly to its quota target.
import type { Calendar, Rng } from '../rng.ts';
import { apportion } from './apportion.ts';
import type { TrafficModel } from './model.ts';
import { weekday } from './seasonality.ts';

/** counted[day][consumerIndex]: requests counted against quota, per day and consumer. */
export function countedByDay(model: TrafficModel, cal: Calendar, rng: Rng): number[][] {
  const days = cal.dayStarts.length;
  const byConsumer = model.consumers.map((c) => {
    const weights = cal.dayStarts.map(
      (ms, d) =>
        weekday(c.consumer.primary_caller_kind, new Date(ms).getUTCDay()) *
        (1 + (0.1 * d) / Math.max(1, days)) *
        rng.logNormal(1, 0.05),
    );
    return apportion(c.countedTarget, weights);
  });
  return cal.dayStarts.map((_, d) => byConsumer.map((perDay) => perDay[d] as number));
}

/** Fraction of requests written to the log sample: about 1M rows per 30 days at scale 1. */
export function sampleRate(model: TrafficModel, days: number, scale: number): number {
  const expected = model.consumers.reduce((sum, c) => sum + c.countedTarget, 0) * 1.01;
  return expected === 0 ? 0 : Math.min(1, (scale * 1_000_000 * days) / 30 / expected);
}
