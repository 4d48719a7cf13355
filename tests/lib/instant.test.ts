// An instant as written by a person or a script: a date is its midnight UTC, a date-time needs its
// offset, and a date or time that does not exist is refused rather than rolled over.
import { describe, expect, it } from 'vitest';
import { isoInstantMs, isRealDate } from '../../src/lib/instant.ts';

describe('isoInstantMs', () => {
  it.each([
    ['2026-11-28', Date.UTC(2026, 10, 28)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2026-11-28T09:30Z', Date.UTC(2026, 10, 28, 9, 30)],
    ['2026-11-28T09:30:15.5+01:00', Date.UTC(2026, 10, 28, 8, 30, 15, 500)],
    ['2026-11-28t09:30:00z', Date.UTC(2026, 10, 28, 9, 30)],
  ])('reads %s', (text, ms) => {
    expect(isoInstantMs(text)).toBe(ms);
  });

  it('keeps what is finer than the ms', () => {
    expect(isoInstantMs('2026-11-28T09:30:00.0004Z')).toBeCloseTo(Date.UTC(2026, 10, 28, 9, 30) + 0.4, 6);
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-11-31',
    '2026-11-28T24:00:00Z',
    '2026-11-28T23:60:00Z',
    '2026-11-28T23:59:60Z',
    '2026-11-28T09:30:00',
    '2026-11-28T09:30:00+24:00',
    '28/11/2026',
    '2026-11-28 09:30:00Z',
    '',
  ])('refuses %j', (text) => {
    expect(isoInstantMs(text)).toBeNaN();
  });
});

describe('isRealDate', () => {
  it('is a date that exists, and nothing else', () => {
    expect(isRealDate('2026-11-28')).toBe(true);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2026-11-28T00:00:00Z')).toBe(false);
  });
});
