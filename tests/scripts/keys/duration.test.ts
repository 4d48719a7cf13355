// Durations on the command line: whole days, hours, minutes and seconds, largest unit first.
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../../scripts/keys/duration.ts';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
const max = 90 * d;

describe('parseDuration', () => {
  it.each([
    ['0', 0],
    ['30s', 30 * s],
    ['30m', 30 * m],
    ['24h', 24 * h],
    ['7d', 7 * d],
    ['1d12h', d + 12 * h],
    ['1h30m15s', h + 30 * m + 15 * s],
    ['90d', max],
  ])('reads %s', (text, ms) => {
    expect(parseDuration('overlap', text, max)).toBe(ms);
  });

  it.each(['', '5', '5x', '-1h', '1.5h', '30m1h', ' 1h', '1H', 'h', '0s0'])('refuses %j', (text) => {
    expect(() => parseDuration('overlap', text, max)).toThrow(
      /^--overlap must be a duration such as 30m, 24h or 7d/,
    );
  });

  it('refuses more than the maximum, naming it', () => {
    expect(() => parseDuration('overlap', '91d', max)).toThrow('--overlap must be at most 90d, got 91d');
    expect(() => parseDuration('overlap', '2160h1s', max)).toThrow(/at most 90d/);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0'],
    [14 * d, '14d'],
    [d + h, '1d1h'],
    [h + 30 * m + 15 * s, '1h30m15s'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(parseDuration('x', text, Infinity)).toBe(ms);
  });
});
