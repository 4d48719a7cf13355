// The retire what-if: the notice a proposed sunset gives, against the policy and the sunset-soon
// alert, and the headers callers would receive; a sunset in the past or before the deprecation is
// a problem, not a result.
import { describe, expect, it } from 'vitest';
import { retireOutcome, type RetireSetup } from '../../../src/what-if/retire/outcome.ts';

const setup = (dependents: number, deprecated_at = '2026-06-01'): RetireSetup => ({
  route_id: 'rt_v1',
  as_of: '2026-11-01',
  deprecated: true,
  deprecated_at,
  default_sunset: '2026-11-21',
  successor_path: '/v2/orders',
  info_url: '/app/api/routes/rt_v1',
  notice_policy_days: 90,
  sunset_soon_days: 30,
  dependents: Array.from({ length: dependents }, (_, i) => ({
    consumer_id: `con_${i}`,
    name: `Consumer ${i}`,
    primary_caller_kind: 'assistant',
    keys: [{ key_id: `key_${i}`, name: `key ${i}` }],
    requests_per_day: 10,
    agent_share_pct: 100,
  })),
});

describe('retireOutcome', () => {
  it.each([
    // 20 days out with callers left: inside the 30-day window, the alert fires
    ['2026-11-21', 5, 20, false, true],
    // exactly 30 days is still inside the window
    ['2026-12-01', 5, 30, false, true],
    // 31 days: outside the window, still short of the policy
    ['2026-12-02', 5, 31, false, false],
    // the 90-day policy, met exactly
    ['2027-01-30', 5, 90, true, false],
    // nobody calls it: a close sunset raises nothing
    ['2026-11-21', 0, 20, false, false],
  ])('sunset %s with %d callers: %d days of notice', (sunset, callers, notice, meets, alert) => {
    expect(retireOutcome(setup(callers), sunset)).toMatchObject({
      valid: true,
      sunset,
      notice_days: notice,
      meets_policy: meets,
      raises_alert: alert,
    });
  });

  it('sends the headers of the proposed sunset', () => {
    const outcome = retireOutcome(setup(1), '2027-01-31');
    expect(outcome.valid && outcome.headers).toEqual({
      Deprecation: '@1780272000',
      Sunset: 'Sun, 31 Jan 2027 00:00:00 GMT',
      Link: '</app/api/routes/rt_v1>; rel="deprecation"; type="text/html", </v2/orders>; rel="successor-version"',
    });
  });

  it.each([
    ['2026-10-31', '2026-06-01', /in the past/], // before the workspace's today
    ['2026-11-10', '2026-11-20', /before the deprecation/], // before a future deprecation
  ])('refuses a sunset on %s (deprecated %s)', (sunset, deprecatedAt, problem) => {
    const outcome = retireOutcome(setup(1, deprecatedAt), sunset);
    expect(outcome.valid).toBe(false);
    expect(!outcome.valid && outcome.problem).toMatch(problem);
  });
});
