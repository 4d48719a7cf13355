// Per-minute demand: exact totals, a histogram over the whole day, 429s from the excess only.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../simulator/rng.ts';
import { demandHistogram, minuteDemand } from '../../../simulator/traffic/demand.ts';
import { diurnal } from '../../../simulator/traffic/seasonality.ts';

const shape = diurnal('automation');

describe('minuteDemand', () => {
  it.each([0, 1, 999, 123_457, 2_000_000])(
    'spreads %d accepted requests exactly, with no 429s under budget',
    (accepted) => {
      const demand = minuteDemand(createRng('t', String(accepted)), accepted, shape, 1_000_000, null);
      expect(demand.requests).toBe(accepted);
      expect(demand.throttled).toBe(0);
      expect(demand.perMinute.reduce((a, b) => a + b, 0)).toBe(accepted);
    },
  );

  it('bursts over the budget: the excess is throttled and the accepted requests stay exact', () => {
    const budget = 1200;
    const demand = minuteDemand(createRng('t', 'burst'), 145_000, shape, budget, { multiplier: 1.55 });
    const excess = demand.perMinute.reduce((sum, d) => sum + Math.max(0, d - budget), 0);
    expect(demand.throttled).toBe(excess);
    expect(demand.throttled).toBeGreaterThan(budget * 45 * 0.3);
    expect(demand.requests - demand.throttled).toBe(145_000);
  });
});

describe('demandHistogram', () => {
  it('covers 1440 minutes and carries every request', () => {
    const demand = minuteDemand(createRng('t', 'h'), 500_000, shape, 20_000, null);
    const histogram = demandHistogram(demand.perMinute);
    expect(histogram.reduce((sum, [, minutes]) => sum + minutes, 0)).toBe(1440);
    expect(histogram.reduce((sum, [rpm, minutes]) => sum + rpm * minutes, 0)).toBe(500_000);
    expect(histogram.length).toBeLessThan(400);
  });
});
