// "Reset demo" (issue 23; open demo only): every workspace key, route and consumer back to what the
// workspace simulated, as ONE change with one audit entry. A key's changed terms are undone
// (`updated`), a revocation or a roll undone (`restored`: its replacement keeps working), a route
// given back its simulated deprecation (`route_reset`), a consumer its plan and quota. Keys issued
// since are left as they are: they are not the workspace's.
import type { Effect, KeyChanges } from '../effects.ts';
import { manageProblem } from '../problems.ts';
import type { ManagedKey, ManagedRoute } from '../state.ts';
import type { Planned, PlanContext } from './plan.ts';

/** The target of a demo reset: the whole workspace. */
export const workspaceTarget = { type: 'workspace' as const, id: 'workspace', name: 'demo workspace' };

const sameScopes = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** The terms of a key that differ from what was simulated, as an update back to them. */
function termsBack(now: ManagedKey, simulated: ManagedKey): KeyChanges {
  const changes: KeyChanges = {};
  if (now.name !== simulated.name) changes.name = simulated.name;
  if (now.rpm_budget !== simulated.rpm_budget) changes.rpm_budget = simulated.rpm_budget;
  if (now.quota_orders_per_month !== simulated.quota_orders_per_month)
    changes.quota_orders_per_month = simulated.quota_orders_per_month;
  if (!sameScopes(now.scopes, simulated.scopes)) changes.scopes = [...simulated.scopes];
  if (now.expires_at !== simulated.expires_at) changes.expires_at = simulated.expires_at;
  return changes;
}

/** The same instant, or both none ('2027-01-31' is '2027-01-31T00:00:00.000Z'). */
const sameTime = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/** Whether a route's deprecation is the simulated one (whoever changed it, and back). */
function sameDeprecation(now: ManagedRoute, simulated: ManagedRoute): boolean {
  return (
    now.deprecated === simulated.deprecated &&
    sameTime(now.deprecated_at, simulated.deprecated_at) &&
    sameTime(now.sunset_at, simulated.sunset_at) &&
    now.successor_route_id === simulated.successor_route_id
  );
}

/**
 * POST /demo/reset: 409 when the workspace is already as simulated. Its before lists what differs
 * from the simulation (key, route and consumer ids); its after, nothing.
 */
export function planDemoReset(ctx: PlanContext): Planned {
  const state = ctx.ledger.state;
  const at = ctx.now.toISOString();
  const effects: Effect[] = [];
  const reset = { keys: [] as string[], routes: [] as string[], consumers: [] as string[] };
  for (const simulated of state.seed.keys) {
    const key = state.keys.get(simulated.key_id);
    if (!key) continue;
    const changes = termsBack(key, simulated);
    const hash = key.key_hash_sha256;
    if (Object.keys(changes).length > 0)
      effects.push({ event: 'updated', key_id: key.key_id, key_hash_sha256: hash, updated_at: at, changes });
    const undone = key.revoked_at !== null || key.rotated_at !== null || key.replaced_by !== null;
    if (undone)
      effects.push({ event: 'restored', key_id: key.key_id, key_hash_sha256: hash, restored_at: at });
    if (Object.keys(changes).length > 0 || undone) reset.keys.push(key.key_id);
  }
  for (const simulated of state.seed.routes) {
    const route = state.routes.get(simulated.route_id);
    // As simulated: the same deprecation, and not one the API enforces (refused after its sunset).
    if (!route || (sameDeprecation(route, simulated) && !(route.deprecated && route.changed_by !== null)))
      continue;
    effects.push({ event: 'route_reset', route_id: simulated.route_id, reset_at: at });
    reset.routes.push(simulated.route_id);
  }
  for (const simulated of state.seed.consumers) {
    const consumer = state.consumers.get(simulated.consumer_id);
    if (!consumer) continue;
    const { plan, quota_requests_per_period: quota } = simulated;
    if (consumer.plan === plan && consumer.quota_requests_per_period === quota) continue;
    effects.push({
      event: 'consumer_changed',
      consumer_id: simulated.consumer_id,
      plan,
      quota_requests_per_period: quota,
    });
    reset.consumers.push(simulated.consumer_id);
  }
  if (effects.length === 0)
    return manageProblem('conflict', 'The demo workspace is already as simulated: nothing to reset');
  return {
    action: 'demo.reset',
    target: workspaceTarget,
    before: reset,
    after: { keys: [], routes: [], consumers: [] },
    effects,
    status: 200,
  };
}
