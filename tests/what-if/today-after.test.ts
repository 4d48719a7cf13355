// Every what-if that predicts a change shows today's figure beside the prediction ("today X → after
// Y"), from the same presentation the server renders and the island re-applies: the `today` and
// `after` slots of each presenter.
import { describe, expect, it } from 'vitest';
import { presentChange } from '../../src/what-if/change/present.ts';
import type { ChangeSetup } from '../../src/what-if/change/outcome.ts';
import type { WhatIfValues } from '../../src/what-if/params.ts';
import type { Presented } from '../../src/what-if/presented.ts';
import { presentRetire } from '../../src/what-if/retire/present.ts';
import type { RetireSetup } from '../../src/what-if/retire/outcome.ts';
import { presentRotate } from '../../src/what-if/rotate/present.ts';
import { presentThrottle, type ThrottlePageSetup } from '../../src/what-if/throttle/present.ts';
import { rotateSetup } from './rotate/rotate-setup.ts';

// One consumer sending 100 requests a minute for 10 minutes a day, under a 50 rpm budget.
const throttle: ThrottlePageSetup = {
  rpm_budget: 50,
  histogram: {
    target_id: 'key_x',
    days: 1,
    streams: [
      { consumer_id: 'con_a', key_id: 'key_x', name: 'A', key_name: 'X', primary_caller_kind: 'human' },
    ],
    levels: [{ consumer_id: 'con_a', key_id: 'key_x', requests_per_minute: 100, minutes: 10 }],
  },
};

// Three callers, 40 requests a day each, still on the route.
const retire: RetireSetup = {
  route_id: 'rt_v1',
  as_of: '2026-11-01',
  deprecated: true,
  deprecated_at: '2026-06-01',
  default_sunset: '2026-11-21',
  successor_path: '/v2/orders',
  info_url: '/app/api/routes/rt_v1',
  notice_policy_days: 90,
  sunset_soon_days: 30,
  dependents: [0, 1, 2].map((i) => ({
    consumer_id: `con_${i}`,
    name: `C${i}`,
    primary_caller_kind: 'assistant',
    keys: [{ key_id: `key_${i}`, name: `k${i}` }],
    requests_per_day: 40,
    agent_share_pct: 100,
  })),
};

// 2,000 requests a day failing 1% today.
const change: ChangeSetup = {
  function_id: 'fn_x',
  current_error_pct: 1,
  requests_per_day: 2000,
  routes: [],
  consumers: [],
  estate_requests_per_day: 100_000,
  availability_target_pct: 99.9,
};

describe('today → after', () => {
  it.each<[string, string, string, () => Presented]>([
    // today: the 50 rpm budget refuses (100 − 50) × 10 = 500 a day; at 100 rpm nothing
    ['throttle at a higher budget', '500', '0', () => presentThrottle(throttle, { throttleRpm: 100 })],
    // at 0 rpm every request is refused: 1,000 a day
    ['throttle at zero', '500', '1,000', () => presentThrottle(throttle, { throttleRpm: 0 })],
    // the current budget: the same figure on both sides
    ['throttle unchanged', '500', '500', () => presentThrottle(throttle, {})],
    // an active key refuses nobody today; after the cutover con_b and con_c's 150 a day stop
    [
      'rotate an active key',
      '0',
      '150',
      () => presentRotate(rotateSetup('active'), { rotateOverlapDays: 14 }),
    ],
    // a revoked key already refuses them: nothing changes
    ['rotate a revoked key', '150', '150', () => presentRotate(rotateSetup('revoked'), {})],
    // the route serves its callers today; after the sunset their 120 a day are refused
    ['retire', '0', '120', () => presentRetire(retire, { retireSunset: '2027-02-01' })],
    // 1% of 2,000 fail today (20); a 10% version on half the traffic: 5.5% (110)
    ['change', '20', '110', () => presentChange(change, { changeErrorPct: 10, changeRolloutPct: 50 })],
  ])('%s: today %s → after %s', (_name, today, after, present) => {
    const shown = present();
    expect([shown.text.today, shown.text.after]).toEqual([today, after]);
  });

  it('shows the same figure on both sides before any change is entered', () => {
    // 0.0123% of 200,000 fail today (24.6); the field shows 0.01 (20 a day), but nothing was entered
    const shown = presentChange({ ...change, requests_per_day: 200_000, current_error_pct: 0.0123 }, {});
    expect(shown.text.after).toBe(shown.text.today);
    expect(presentRotate(rotateSetup('active'), {}).text.today).toBe('0');
  });

  it('keeps today’s figure when the inputs change', () => {
    const values: WhatIfValues[] = [{ throttleRpm: 0 }, { throttleRpm: 75 }, { throttleRpm: 1000 }];
    expect(values.map((v) => presentThrottle(throttle, v).text.today)).toEqual(['500', '500', '500']);
  });
});
