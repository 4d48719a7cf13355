// The change-a-function what-if in the page: a change makes the function fail a given share of its
// invocations and takes a given share of its traffic (a canary, or all of it). The answer: the
// failed requests per day through the routes it serves, per route and per consumer, now and after,
// and the share of the estate's daily error budget (100% − availability target) they would use.
// It assumes each failed invocation surfaces as one failed request on the route that called it.

/** A route the function serves, as the page embeds it. */
export interface ChangeRouteFacts {
  route_id: string;
  label: string;
  stage: string;
  deprecated: boolean;
  dependents: number;
  requests_per_day: number;
}

/** A consumer behind the function's routes, as the page embeds it. */
export interface ChangeConsumerFacts {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  routes: number;
  requests_per_day: number;
}

/** Everything the page needs to answer the change what-if for one function. */
export interface ChangeSetup {
  function_id: string;
  /** % of invocations failing today; null when it had none. */
  current_error_pct: number | null;
  requests_per_day: number;
  routes: ChangeRouteFacts[];
  consumers: ChangeConsumerFacts[];
  /** Requests per day over every route: the base of the estate's error budget. */
  estate_requests_per_day: number;
  availability_target_pct: number;
}

/** The change what-if's answer for one proposed change. */
export interface ChangeOutcome {
  error_pct: number;
  rollout_pct: number;
  /** % of the function's requests failing after the change (changed and unchanged traffic together). */
  failing_pct: number;
  failed_now_per_day: number;
  failed_after_per_day: number;
  /** The estate's error budget per day: requests it may fail and still meet the target. */
  budget_per_day: number;
  budget_now_pct: number;
  budget_after_pct: number;
  routes: (ChangeRouteFacts & { failed_after_per_day: number })[];
  consumers: (ChangeConsumerFacts & { failed_after_per_day: number })[];
}

/** Answers the change what-if: the changed version fails `errorPct` % and takes `rolloutPct` % of traffic. */
export function changeOutcome(setup: ChangeSetup, errorPct: number, rolloutPct: number): ChangeOutcome {
  const current = setup.current_error_pct ?? 0;
  const failing = (rolloutPct * errorPct + (100 - rolloutPct) * current) / 100;
  const budget = (setup.estate_requests_per_day * (100 - setup.availability_target_pct)) / 100;
  const failedNow = (setup.requests_per_day * current) / 100;
  const failedAfter = (setup.requests_per_day * failing) / 100;
  const share = (failed: number) => (budget > 0 ? (100 * failed) / budget : 0);
  return {
    error_pct: errorPct,
    rollout_pct: rolloutPct,
    failing_pct: failing,
    failed_now_per_day: failedNow,
    failed_after_per_day: failedAfter,
    budget_per_day: budget,
    budget_now_pct: share(failedNow),
    budget_after_pct: share(failedAfter),
    routes: setup.routes.map((r) => ({ ...r, failed_after_per_day: (r.requests_per_day * failing) / 100 })),
    consumers: setup.consumers.map((c) => ({
      ...c,
      failed_after_per_day: (c.requests_per_day * failing) / 100,
    })),
  };
}
