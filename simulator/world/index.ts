// buildWorld: every entity of a workspace from its config. Pure and browser-safe (seedrandom and
// faker only), so the MSW browser worker rebuilds the same world the simulator wrote.
import type { SimConfig } from '../config.ts';
import { calendar, createFaker, createRng, isoDay, DAY_MS } from '../rng.ts';
import { buildCustomers, buildSkus } from './commerce.ts';
import { buildConsumers } from './consumers.ts';
import { idFactory } from './ids.ts';
import { buildKeys } from './keys.ts';
import { publishLiveRoutes } from './live-routes.ts';
import { buildSurface } from './surface.ts';
import type { PlanName, PlanRow, World } from './types.ts';

export type * from './types.ts';
export { DEMO_SANDBOX_KEY_ID } from './keys.ts';

/** Per plan: rpm budget of a new key, and quota per day (the period quota is this × days). */
export const planTerms: Readonly<Record<PlanName, { rpm: number; quotaPerDay: number }>> = {
  Internal: { rpm: 20_000, quotaPerDay: 1_000_000 },
  Enterprise: { rpm: 6_000, quotaPerDay: 800_000 },
  Growth: { rpm: 1_200, quotaPerDay: 150_000 },
  Sandbox: { rpm: 60, quotaPerDay: 2_000 },
};

/** The plans table for a period of `days`. */
export function buildPlans(days: number): PlanRow[] {
  return (Object.keys(planTerms) as PlanName[]).map((plan) => ({
    plan,
    default_rpm_budget: planTerms[plan].rpm,
    quota_requests_per_period: planTerms[plan].quotaPerDay * days,
  }));
}

/** Builds the whole world; the same config always gives the same world. */
export function buildWorld(config: SimConfig): World {
  const cal = calendar(config.asOf, config.days);
  const rng = (stream: string) => createRng(config.seed, `world/${stream}`);
  const newId = idFactory(rng('ids'));
  const plans = buildPlans(config.days);
  const surface = buildSurface(rng('surface'), newId, (fromAsOf) => isoDay(cal.asOfMs + fromAsOf * DAY_MS));
  const drafts = buildConsumers(rng('consumers'), createFaker(config.seed, 'consumers'), newId, plans);
  const ring = buildKeys(rng('keys'), newId, cal, drafts, surface.routes, plans, config.days);
  const commerceFaker = createFaker(config.seed, 'commerce');
  const customers = buildCustomers(commerceFaker, newId, 40);
  const skus = buildSkus(commerceFaker, rng('skus'), newId, 30);
  // Last, from streams of their own: nothing drawn above moves (./live-routes.ts).
  publishLiveRoutes(surface, rng('live-routes'), idFactory(rng('live-ids')));
  return {
    plans,
    consumers: drafts.map((d) => d.row),
    keys: ring.keys,
    consumerKeys: ring.consumerKeys,
    routes: surface.routes,
    functions: surface.functions,
    routeFunctions: surface.routeFunctions,
    consumerRoutes: ring.consumerRoutes,
    customers,
    skus,
  };
}
