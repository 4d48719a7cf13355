// Integer splits that add up exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, stochasticRound } from '../../../simulator/traffic/apportion.ts';

describe('apportion', () => {
  it('always adds up to the total, never negative, proportional within one', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.array(fc.double({ min: 0.001, max: 1000, noNaN: true }), { minLength: 1, maxLength: 50 }),
        (total, weights) => {
          const parts = apportion(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(Math.abs(p - (total * (weights[i] as number)) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [0, [2, 5], [0, 0]],
    [7, [0, 0], [7, 0]],
  ])('splits %d by %j into %j', (total, weights, expected) => {
    expect(apportion(total, weights)).toEqual(expected);
  });
});

describe('stochasticRound', () => {
  it.each([
    [2.25, 0.2, 3],
    [2.25, 0.3, 2],
    [5, 0.99, 5],
  ])('rounds %d with draw %d to %d', (x, u, expected) => {
    expect(stochasticRound(x, u)).toBe(expected);
  });
});
