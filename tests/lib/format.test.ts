import { describe, expect, it } from 'vitest';
import { thresholdCount, thresholdPct, thresholdScore } from '../../src/lib/format-labels.ts';
import {
  formatBurnRate,
  formatCount,
  formatDate,
  formatDay,
  formatExact,
  formatInteger,
  formatMs,
  formatNoun,
  formatPct,
  formatRelative,
  formatScore,
  formatWindow,
  isoDateTime,
  maskKey,
} from '../../src/lib/format.ts';

describe('formatCount: counts for people', () => {
  it.each([
    [0, '0'], // zero stays a digit
    [999, '999'], // small counts are exact
    [9_999, '9,999'], // up to ten thousand, with a separator
    [12_345, '12.3K'], // then compact, one decimal
    [1_234_567, '1.2M'], // millions
    [200_000, '200K'], // no trailing .0
    [3_400_000_000, '3.4B'], // billions
  ])('%d → %s', (value, text) => expect(formatCount(value)).toBe(text));
});

describe('formatInteger: exact counts', () => {
  it.each([
    [1_234_567, '1,234,567'],
    [12.6, '13'], // rounds to whole units
  ])('%d → %s', (value, text) => expect(formatInteger(value)).toBe(text));
});

describe('formatPct: percentages 0–100', () => {
  it.each([
    [99.95, 2, '99.95%'], // availability with two decimals
    [4.25, 1, '4.3%'], // default one decimal, rounded half up at .x5 when representable
    [0, 1, '0.0%'],
    [100, 0, '100%'],
  ])('%d with %d digits → %s', (value, digits, text) => expect(formatPct(value, digits)).toBe(text));
});

describe('formatMs: latencies', () => {
  it.each([
    [84.4, '84 ms'], // whole milliseconds
    [999.4, '999 ms'], // still milliseconds below a second
    [999.6, '1.0 s'], // rounds to a whole second: seconds, never "1000 ms"
    [1_250, '1.3 s'], // seconds from 1000 ms up
  ])('%d → %s', (value, text) => expect(formatMs(value)).toBe(text));
});

describe('dates and relative times', () => {
  const asOf = '2026-11-01';
  it.each([
    ['2026-11-01 09:00:00', 'today'], // same UTC day
    ['2026-10-31 23:59:00', 'yesterday'], // one day before
    ['2026-10-29 14:03:00', '3 days ago'], // several days before
    ['2026-11-06', 'in 5 days'], // a future expiry
    ['2026-11-02', 'tomorrow'],
    ['2026-06-01', '5 months ago'], // long gaps read in months
  ])('%s relative to %s → %s', (value, text) => expect(formatRelative(value, asOf)).toBe(text));

  it('gives the exact instant for titles and datetime attributes, in UTC', () => {
    expect(formatExact('2026-10-29 14:03:07')).toBe('2026-10-29 14:03 UTC');
    expect(isoDateTime('2026-10-29 14:03:07')).toBe('2026-10-29T14:03:07.000Z');
    expect(isoDateTime('2026-10-29')).toBe('2026-10-29T00:00:00.000Z');
  });

  it('formats calendar dates and axis days', () => {
    expect(formatDate('2026-10-29')).toBe('29 Oct 2026');
    expect(formatDay('2026-10-29')).toBe('29 Oct');
  });
});

describe('maskKey and formatScore', () => {
  it('shows only the type prefix and the last four characters of a key', () => {
    expect(maskKey('sk_live', 'a1B2')).toBe('sk_live_…a1B2');
  });
  it('shows blast scores with one decimal', () => {
    expect(formatScore(55)).toBe('55.0');
    expect(formatScore(72.44)).toBe('72.4');
  });
});

describe('formatNoun: a count with its noun', () => {
  it.each([
    [0, '0 consumers'], // zero is plural
    [1, '1 consumer'], // one is singular
    [12_345, '12,345 consumers'], // exact, with a separator
  ])('%d → %s', (count, text) => expect(formatNoun(count, 'consumer')).toBe(text));
});

describe('formatBurnRate and formatWindow: the burn-rate rules as people read them', () => {
  it.each([
    [14.4, '14.4×'], // the fast rule's threshold
    [6, '6.0×'], // one decimal always
    [106.157657565, '106.2×'], // rounded once, here
    [0, '0.0×'],
  ])('burn rate %d → %s', (value, text) => expect(formatBurnRate(value)).toBe(text));
  it.each([
    [5, '5 min'], // the fast rule's short window
    [30, '30 min'],
    [60, '1 h'], // whole hours without minutes
    [360, '6 h'],
    [90, '1 h 30 min'],
    [4320, '3 days'], // the sustained rule's long window: whole days as days
    [1500, '25 h'],
  ])('window %d min → %s', (minutes, text) => expect(formatWindow(minutes)).toBe(text));
});

describe('threshold labels: thresholds as page text', () => {
  it('writes percentages without trailing zeros', () => {
    expect([80, 5, 25, 99.9, 7.5].map(thresholdPct)).toEqual(['80%', '5%', '25%', '99.9%', '7.5%']);
  });

  it('writes counts compactly and scores as given', () => {
    expect(thresholdCount(200_000)).toBe('200K');
    expect(thresholdCount(150_000)).toBe('150K');
    expect(thresholdScore(55)).toBe('55');
    expect(thresholdScore(55.5)).toBe('55.5');
  });
});
