// An endpoint's figures on its page: attempts, success rate and nearest-rank p99 over the last hour,
// the last day and every attempt kept; and when an endpoint counts as failing.
import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt } from '../../src/api/orders/events/endpoint-deliveries.ts';
import { attemptWindows, isFailing, percentile } from '../../src/live/endpoint-stats.ts';

const now = Date.parse('2026-11-26T12:00:00Z');
const attempt = (
  agoMs: number,
  outcome: DeliveryAttempt['outcome'],
  latency_ms: number,
): DeliveryAttempt => ({
  event_id: 'evt_1',
  endpoint_id: 'we_1',
  event_type: 'order.created',
  environment: 'sandbox',
  attempt: 1,
  at: new Date(now - agoMs).toISOString(),
  status: outcome === 'succeeded' ? 204 : 500,
  error: null,
  latency_ms,
  outcome,
  next_at: null,
});

describe('percentile', () => {
  it.each<[number[], number, number | null]>([
    // none: no figure
    [[], 99, null],
    // one value is every percentile
    [[7], 99, 7],
    // nearest rank: the 99th of 100 values is the 99th smallest
    [Array.from({ length: 100 }, (_, i) => i + 1), 99, 99],
    // of 10 values, the 99th percentile is the largest
    [[5, 1, 9, 3, 2, 8, 7, 6, 4, 10], 99, 10],
  ])('%j at p%d is %j', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });
});

describe('attemptWindows', () => {
  it('counts each attempt in every window it falls in', () => {
    const attempts = [
      attempt(60_000, 'succeeded', 10),
      attempt(120_000, 'failed', 30),
      attempt(7_200_000, 'succeeded', 20),
      attempt(2 * 86_400_000, 'retrying', 40),
    ];
    expect(attemptWindows(attempts, now)).toEqual([
      { label: 'Last hour', attempts: 2, success_pct: 50, p99_ms: 30 },
      { label: 'Last 24 hours', attempts: 3, success_pct: (100 * 2) / 3, p99_ms: 30 },
      { label: 'Every attempt kept', attempts: 4, success_pct: 50, p99_ms: 40 },
    ]);
  });

  it('has no figures without attempts', () => {
    expect(attemptWindows([], now).map((w) => [w.success_pct, w.p99_ms])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});

describe('isFailing', () => {
  it.each<[string, string, DeliveryAttempt['outcome'] | null, boolean]>([
    ['an enabled endpoint never tried', 'enabled', null, false],
    ['whose latest attempt succeeded', 'enabled', 'succeeded', false],
    ['whose latest attempt waits for a retry', 'enabled', 'retrying', true],
    ['a disabled endpoint', 'disabled', 'succeeded', true],
  ])('%s: %s', (_name, status, outcome, failing) => {
    expect(isFailing({ status, last_attempt: outcome === null ? null : { outcome } })).toBe(failing);
  });
});
