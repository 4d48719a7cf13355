// The change what-if: failed requests per day when a new version fails a share of invocations on a
// share of traffic, and the share of the estate's daily error budget they use.
import { describe, expect, it } from 'vitest';
import { changeOutcome, type ChangeSetup } from '../../../src/what-if/change/outcome.ts';

// 10,000 requests/day through the function, 2% failing today; the estate sends 1,000,000/day
// against a 99.9% target, so its daily error budget is 1,000 failed requests.
const setup: ChangeSetup = {
  function_id: 'fn_x',
  current_error_pct: 2,
  requests_per_day: 10_000,
  routes: [
    {
      route_id: 'rt_a',
      label: 'GET /a',
      stage: 'prod',
      deprecated: false,
      dependents: 2,
      requests_per_day: 8_000,
    },
    {
      route_id: 'rt_b',
      label: 'GET /b',
      stage: 'prod',
      deprecated: false,
      dependents: 1,
      requests_per_day: 2_000,
    },
  ],
  consumers: [
    { consumer_id: 'con_a', name: 'A', primary_caller_kind: 'human', routes: 2, requests_per_day: 10_000 },
  ],
  estate_requests_per_day: 1_000_000,
  availability_target_pct: 99.9,
};

describe('changeOutcome', () => {
  it.each([
    // no change: the same 2% today and after, 200 of the 1,000 budget
    [2, 100, { failing_pct: 2, failed_after_per_day: 200, budget_after_pct: 20 }],
    // a fix: nothing fails any more
    [0, 100, { failing_pct: 0, failed_after_per_day: 0, budget_after_pct: 0 }],
    // a canary on 10% of traffic failing 50%: 0.1 × 50 + 0.9 × 2 = 6.8%
    [50, 10, { failing_pct: 6.8, failed_after_per_day: 680, budget_after_pct: 68 }],
    // a full rollout failing 20%: 2,000 a day, twice the estate's budget
    [20, 100, { failing_pct: 20, failed_after_per_day: 2_000, budget_after_pct: 200 }],
  ])('fails %d%% on %d%% of traffic', (errorPct, rolloutPct, expected) => {
    const outcome = changeOutcome(setup, errorPct, rolloutPct);
    for (const [name, value] of Object.entries(expected))
      expect(outcome[name as keyof typeof expected], name).toBeCloseTo(value, 9);
    expect(outcome.failed_now_per_day).toBeCloseTo(200, 9);
    expect(outcome.budget_per_day).toBeCloseTo(1_000, 9);
  });

  it('spreads the failures over routes and consumers by their traffic', () => {
    const outcome = changeOutcome(setup, 20, 100);
    expect(outcome.routes.map((r) => r.failed_after_per_day)).toEqual([1_600, 400]);
    expect(outcome.consumers.map((c) => c.failed_after_per_day)).toEqual([2_000]);
  });
});
