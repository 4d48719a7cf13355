// Live instants read in UTC, and "how long ago" in the largest whole unit.
import { describe, expect, it } from 'vitest';
import { formatAgo, formatClock, formatInstant } from '../../src/live/format-live.ts';

const t = Date.UTC(2026, 10, 23, 22, 5, 29, 767);

describe('formatInstant and formatClock', () => {
  it('read in UTC', () => {
    expect(formatInstant(t)).toBe('2026-11-23 22:05:29 UTC');
    expect(formatClock(t)).toBe('22:05:29.767');
  });
});

describe('formatAgo', () => {
  it.each([
    [0, 'just now'],
    [4_000, 'just now'],
    [42_000, '42 s ago'],
    [5 * 60_000, '5 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [2 * 86_400_000, '2 d ago'],
    // a clock that moved back reads as now, never as the future
    [-10_000, 'just now'],
  ])('%i ms ago → %s', (ago, text) => {
    expect(formatAgo(t - ago, t)).toBe(text);
  });
});
