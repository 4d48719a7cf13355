// What the management API answers about a key, a route and a consumer: plain JSON, never key
// material. A key's `status` is the one the Orders API would apply now.
import type { ManagedConsumer, ManagedKey, ManagedRoute, ManageState } from './state.ts';

/** A key as the API shows it. */
export interface KeyView {
  key_id: string;
  name: string;
  environment: string;
  status: 'active' | 'expiring' | 'revoked' | 'rotated' | 'expired';
  plan: string;
  rpm_budget: number;
  quota_orders_per_month: number;
  scopes: string[];
  expires_at: string | null;
  created_at: string | null;
  key_prefix: string;
  key_last4: string;
  /** true while the key has no quota of its own: its plan's quota, whatever the plan says. */
  quota_follows_plan: boolean;
  source: 'workspace' | 'issued';
  consumer_id: string | null;
  replaces: string | null;
  replaced_by: string | null;
  rotated_at: string | null;
  rotation_ends_at: string | null;
  revoked_at: string | null;
}

/** A key's status at `nowMs`: revoked, rotated once the overlap ended, expired, else as issued. */
export function keyStatusAt(key: ManagedKey, nowMs: number): KeyView['status'] {
  if (key.revoked_at !== null || key.base_status === 'revoked') return 'revoked';
  if (key.rotation_ends_at !== null && Date.parse(key.rotation_ends_at) <= nowMs) return 'rotated';
  if (key.base_status === 'rotated') return 'rotated';
  if (key.expires_at !== null && Date.parse(key.expires_at) <= nowMs) return 'expired';
  return key.base_status;
}

/** The view of a key at `nowMs`. */
export function keyView(key: ManagedKey, state: ManageState, nowMs: number): KeyView {
  return {
    key_id: key.key_id,
    name: key.name,
    environment: key.environment,
    status: keyStatusAt(key, nowMs),
    plan: key.plan,
    rpm_budget: key.rpm_budget,
    quota_orders_per_month:
      key.quota_orders_per_month ?? state.plans.get(key.plan)?.quota_orders_per_month ?? 0,
    scopes: [...key.scopes],
    quota_follows_plan: key.quota_orders_per_month === null,
    expires_at: key.expires_at,
    created_at: key.created_at,
    key_prefix: key.key_prefix,
    key_last4: key.key_last4,
    source: key.source,
    consumer_id: key.consumer_id,
    replaces: key.replaces,
    replaced_by: key.replaced_by,
    rotated_at: key.rotated_at,
    rotation_ends_at: key.rotation_ends_at,
    revoked_at: key.revoked_at,
  };
}

/** A route as the API shows it. */
export type RouteView = Omit<ManagedRoute, 'changed_by'> & {
  /**
   * Whether the Orders API refuses the route 410 once its sunset has passed: a deprecation set
   * through this API; a workspace deprecation only sends its headers.
   */
  refused_after_sunset: boolean;
};

/** A route as the API shows it. */
export function routeView(route: ManagedRoute): RouteView {
  const { changed_by: changedBy, ...view } = route;
  return {
    ...view,
    refused_after_sunset: changedBy !== null && route.deprecated && route.sunset_at !== null,
  };
}

/** A consumer as the API shows it. */
export function consumerView(consumer: ManagedConsumer): ManagedConsumer {
  return { ...consumer };
}
