// Calendar days on UTC dates, as DuckDB's date_diff('day') counts them.
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../src/what-if/dates.ts';

describe('daysBetween', () => {
  it.each([
    ['2026-11-01', '2026-11-15', 14], // two weeks
    ['2026-11-01', '2026-11-05 13:00:00', 4], // a timestamp counts by its day
    ['2026-11-01', '2026-10-30', -2], // earlier is negative
    ['2028-02-28', '2028-03-01', 2], // across a leap day
  ])('%s → %s is %d days', (from, to, days) => expect(daysBetween(from, to)).toBe(days));
});

describe('addDays', () => {
  it.each([
    ['2026-11-01', 90, '2027-01-30'], // the notice policy from the demo's as-of
    ['2026-12-31', 1, '2027-01-01'], // into the next year
    ['2026-11-01', 0, '2026-11-01'],
  ])('%s + %d = %s', (from, days, date) => expect(addDays(from, days)).toBe(date));
});
