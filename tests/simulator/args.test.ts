// `npm run simulate` arguments: defaults, each flag, and refusals with a readable message.
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs } from '../../simulator/args.ts';
import { defaultConfig } from '../../simulator/config.ts';

describe('parseSimulateArgs', () => {
  it('defaults to the demo workspace in data/estate.duckdb', () => {
    expect(parseSimulateArgs([])).toEqual({ config: defaultConfig, out: 'data/estate.duckdb' });
  });

  it.each([
    [['--seed', '42'], { seed: '42' }],
    [['--as-of', '2025-02-28'], { asOf: '2025-02-28' }],
    [['--days', '7'], { days: 7 }],
    [['--scale', '0.5'], { scale: 0.5 }],
    [['--scale=10', '--days=90'], { scale: 10, days: 90 }],
  ])('reads %j', (argv, expected) => {
    expect(parseSimulateArgs(argv).config).toEqual({ ...defaultConfig, ...expected });
  });

  it('reads --out', () => {
    expect(parseSimulateArgs(['--out', '/tmp/x.duckdb']).out).toBe('/tmp/x.duckdb');
  });

  it.each([
    [['--as-of', '2025-13-01'], /--as-of/],
    [['--as-of', '2026-02-30'], /--as-of must be a date YYYY-MM-DD that exists/],
    [['--as-of', 'yesterday'], /--as-of/],
    [['--days', '0'], /--days/],
    [['--days', '2.5'], /--days/],
    [['--scale', '-1'], /--scale/],
    [['--scale', 'big'], /--scale/],
    [['--seed', ''], /--seed/],
    [['--unknown'], /unknown/i],
    [['positional'], /positional|unexpected/i],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSimulateArgs(argv)).toThrow(message);
  });
});
