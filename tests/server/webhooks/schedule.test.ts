// The retry schedule's delays: a receiver's Retry-After is honoured when it asks for longer, up to
// the longest step of the schedule (10 h), so no answer can park a delivery past the disable rule.
import { describe, expect, it } from 'vitest';
import {
  delayBefore,
  maxRetryAfterMs,
  retryAfterMs,
  retrySchedule,
} from '../../../server/webhooks/schedule.ts';

const now = Date.parse('2026-11-27T12:00:00Z');

describe('delayBefore with a Retry-After', () => {
  it('is capped at the longest step of the schedule (10 h)', () => {
    expect(maxRetryAfterMs).toBe(Math.max(...retrySchedule));
    expect(maxRetryAfterMs).toBe(10 * 3_600_000);
    expect(delayBefore(2, 0.5, retryAfterMs('99999999', now))).toBe(maxRetryAfterMs);
    expect(delayBefore(2, 0.5, retryAfterMs('Mon, 28 Jan 2030 08:29:25 GMT', now))).toBe(maxRetryAfterMs);
  });

  it('is honoured when it asks for longer than the step, and shorter ones are ignored', () => {
    expect(delayBefore(2, 0.5, retryAfterMs('20', now))).toBe(20_000);
    expect(delayBefore(3, 0.5, retryAfterMs('20', now))).toBe(5 * 60_000);
    expect(delayBefore(2, 0.5, retryAfterMs('3600', now))).toBe(3_600_000);
  });

  it('never shortens a step longer than the cap would allow', () => {
    expect(delayBefore(8, 0.99, retryAfterMs('99999999', now))).toBeGreaterThan(maxRetryAfterMs);
  });
});
