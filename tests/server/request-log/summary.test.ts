// The nearest-rank percentile without a full sort agrees with sorting.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestRank } from '../../../server/request-log/summary.ts';

const bySorting = (values: number[], fraction: number): number | null => {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.max(1, Math.ceil(fraction * sorted.length)) - 1] as number;
};

describe('nearestRank', () => {
  it('is the value a sort puts at rank ceil(f·n), for any values and fraction', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: 0, max: 1e6, noNaN: true }), { maxLength: 400 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (values, fraction) => {
          expect(nearestRank(Float64Array.from(values), fraction)).toBe(bySorting(values, fraction));
        },
      ),
    );
  });

  it.each([
    // p99 of 1..100 is 99: 99 values are at or below it
    [Array.from({ length: 100 }, (_, i) => i + 1), 0.99, 99],
    // with one value, every percentile is that value
    [[7], 0.99, 7],
    // ties
    [[5, 5, 5, 1], 0.5, 5],
    [[], 0.99, null],
  ])('of %j at %d is %j', (values, fraction, expected) => {
    expect(nearestRank(Float64Array.from(values), fraction)).toBe(expected);
  });
});
