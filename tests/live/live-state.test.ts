// A target's page says what the API enforces after a change made on this server (found from
// outside: after a deprecation, an rpm change or a plan change, the prerendered pages still showed
// the simulated state while the API enforced the new one), from the newest entry's after, unless a
// demo reset came since.
import { describe, expect, it } from 'vitest';
import { liveStateOf } from '../../src/live/live-state.ts';
import { auditEntry } from '../manage/audit-entry.ts';

const entry = (seq: number, after: unknown) =>
  auditEntry(seq, {
    action: 'route.deprecate',
    target: { type: 'route', id: 'rt_a', name: 'GET /v2/skus/{sku}' },
    after,
  });

describe('liveStateOf', () => {
  it('names a deprecation with its sunset and successor, linked', () => {
    const after = {
      deprecated: true,
      deprecated_at: '2026-11-28T08:00:00.000Z',
      sunset_at: '2027-02-15T00:00:00.000Z',
      successor_route_id: 'rt_orders',
    };
    expect(liveStateOf('route', entry(3, after), 0)).toEqual({
      entryId: 'aud_3',
      time: '2026-11-28T08:00:00.000Z',
      facts: [
        { label: 'Deprecated', value: 'Yes, since 28 Nov 2026' },
        { label: 'Sunset', value: '15 Feb 2027' },
        { label: 'Successor', value: 'rt_orders', href: '/app/api/routes/rt_orders' },
      ],
    });
    expect(liveStateOf('route', entry(4, { ...after, deprecated: false }), 0)?.facts).toEqual([
      { label: 'Deprecated', value: 'No' },
    ]);
  });

  it("names a key's rpm budget, quota and expiry, and a consumer's plan and quota", () => {
    const key = { rpm_budget: 900, quota_orders_per_month: 5000, expires_at: null, status: 'active' };
    expect(liveStateOf('key', entry(2, key), 0)?.facts).toEqual([
      { label: 'RPM budget', value: '900 / min' },
      { label: 'Quota', value: '5,000 orders / month' },
      { label: 'Expires', value: 'never' },
    ]);
    const consumer = { plan: 'Enterprise', quota_requests_per_period: 2_000_000 };
    expect(liveStateOf('consumer', entry(2, consumer), 0)?.facts).toEqual([
      { label: 'Plan', value: 'Enterprise' },
      { label: 'Quota', value: '2,000,000 requests / period' },
    ]);
  });

  it('is null with no change, after a demo reset, or with an after that is no view', () => {
    expect(liveStateOf('key', undefined, 0)).toBeNull();
    expect(liveStateOf('key', entry(2, { rpm_budget: 1 }), 5)).toBeNull();
    expect(liveStateOf('key', entry(2, null), 0)).toBeNull();
    expect(liveStateOf('key', entry(2, [1]), 0)).toBeNull();
  });
});
