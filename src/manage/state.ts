// The current state of everything the management API changes: the workspace's keys, routes and
// consumers as simulated (the seed), with every effect since folded in, the management keys and
// the console's operators.
// The Orders API's key store reads it by hash (recordByHash); the handler reads and plans on it.
import type { KeyRecord } from '../api/orders/deps.ts';
import type { Effect } from './effects.ts';
import { OperatorFold } from '../operators/operator.ts';

/** A key as the management API knows it (never its material). */
export interface ManagedKey {
  key_id: string;
  name: string;
  environment: KeyRecord['environment'];
  /** The status it was simulated or issued with; revocation and rotation are below. */
  base_status: KeyRecord['status'];
  plan: string;
  rpm_budget: number;
  scopes: string[];
  expires_at: string | null;
  /** Overrides the plan's monthly order quota; null: the plan's. */
  quota_orders_per_month: number | null;
  created_at: string | null;
  key_prefix: string;
  key_last4: string;
  key_hash_sha256: string;
  consumer_id: string | null;
  source: 'workspace' | 'issued';
  replaces: string | null;
  replaced_by: string | null;
  revoked_at: string | null;
  rotated_at: string | null;
  rotation_ends_at: string | null;
  /** The audit entry of the last change that makes the API refuse it (revoke, roll, expiry). */
  refused_by: string | null;
}

/** A key's lifecycle before any revocation or rotation: a new key's, and what a restore puts back. */
export const unrefusedKey: Pick<
  ManagedKey,
  'replaced_by' | 'revoked_at' | 'rotated_at' | 'rotation_ends_at' | 'refused_by'
> = { replaced_by: null, revoked_at: null, rotated_at: null, rotation_ends_at: null, refused_by: null };

/** A published route and its deprecation. */
export interface ManagedRoute {
  route_id: string;
  method: string;
  path: string;
  stage: string;
  deprecated: boolean;
  deprecated_at: string | null;
  sunset_at: string | null;
  successor_route_id: string | null;
  /** The audit entry that last changed its deprecation; null: as simulated. */
  changed_by: string | null;
}

/** A consumer's plan and quota. */
export interface ManagedConsumer {
  consumer_id: string;
  name: string;
  plan: string;
  quota_requests_per_period: number;
}

/** A management key (`mk_…`): its hash, never its material. */
export interface ManagementKey {
  mk_id: string;
  name: string;
  scopes: string[];
  key_hash_sha256: string;
  key_last4: string;
  created_at: string;
  revoked_at: string | null;
}

/** A plan's terms. */
export interface PlanTerms {
  plan: string;
  rpm_budget: number;
  quota_orders_per_month: number;
}

/** What the workspace simulated: the state before any change. */
export interface ManageSeed {
  keys: ManagedKey[];
  routes: ManagedRoute[];
  consumers: ManagedConsumer[];
  plans: PlanTerms[];
}

/** The state: seed plus effects. Mutated only by `apply`. */
export class ManageState {
  readonly keys = new Map<string, ManagedKey>();
  readonly routes = new Map<string, ManagedRoute>();
  readonly consumers = new Map<string, ManagedConsumer>();
  readonly managementKeys = new Map<string, ManagementKey>();
  /** The console's operators. */
  readonly operators = new OperatorFold();
  readonly plans: ReadonlyMap<string, PlanTerms>;
  /** What the workspace simulated, kept to reset the demo to (./changes/demo-reset.ts). */
  readonly seed: ManageSeed;
  private readonly byHash = new Map<string, string>();
  private readonly records = new Map<string, KeyRecord>();
  private readonly mkByHash = new Map<string, string>();

  constructor(seed: ManageSeed) {
    this.seed = seed;
    for (const key of seed.keys) this.putKey({ ...key });
    for (const route of seed.routes) this.routes.set(route.route_id, { ...route });
    for (const consumer of seed.consumers) this.consumers.set(consumer.consumer_id, { ...consumer });
    this.plans = new Map(seed.plans.map((p) => [p.plan, p]));
  }

  private putKey(key: ManagedKey): void {
    this.keys.set(key.key_id, key);
    this.byHash.set(key.key_hash_sha256, key.key_id);
    this.records.delete(key.key_hash_sha256);
  }

  /** The Orders API's record of the key with this hash (cached until the key changes). */
  recordByHash(hashHex: string): KeyRecord | undefined {
    const cached = this.records.get(hashHex);
    if (cached) return cached;
    const key = this.keys.get(this.byHash.get(hashHex) ?? '');
    if (!key || key.key_hash_sha256 !== hashHex) return undefined;
    const record: KeyRecord = {
      key_id: key.key_id,
      environment: key.environment,
      status: key.revoked_at ? 'revoked' : key.base_status,
      plan: key.plan,
      rpm_budget: key.rpm_budget,
      scopes: key.scopes,
      expires_at: key.expires_at,
      quota_orders_per_month:
        key.quota_orders_per_month ?? this.plans.get(key.plan)?.quota_orders_per_month ?? 0,
      consumer_id: key.consumer_id,
      ...(key.rotation_ends_at ? { rotation_ends_at: key.rotation_ends_at } : {}),
      ...(key.refused_by ? { audit_entry_id: key.refused_by } : {}),
    };
    this.records.set(hashHex, record);
    return record;
  }

  /** The management key with this hash, if it exists (revoked ones included). */
  managementKeyByHash(hashHex: string): ManagementKey | undefined {
    return this.managementKeys.get(this.mkByHash.get(hashHex) ?? '');
  }

  /** Folds one effect in; `entryId` is the audit entry it came with (null: a line from before the trail). */
  apply(effect: Effect, entryId: string | null): void {
    switch (effect.event) {
      case 'issued':
        this.putKey({
          ...effect,
          base_status: effect.status,
          quota_orders_per_month: effect.quota_orders_per_month ?? null,
          consumer_id: null,
          source: 'issued',
          replaces: effect.replaces ?? null,
          ...unrefusedKey,
          // An expiry set when the key is issued is the change that will refuse it.
          refused_by: effect.expires_at ? entryId : null,
        });
        return;
      case 'revoked':
        return this.changeKey(effect.key_id, (k) => {
          k.revoked_at ??= effect.revoked_at;
          k.refused_by = entryId ?? k.refused_by;
        });
      case 'rotated':
        return this.changeKey(effect.key_id, (k) => {
          if (k.rotated_at !== null) return;
          k.rotated_at = effect.rotated_at;
          k.rotation_ends_at = effect.rotation_ends_at;
          k.replaced_by = effect.replaced_by;
          k.refused_by = entryId ?? k.refused_by;
        });
      case 'restored':
        // Back to the simulated state: the revocation and rotation before it undone.
        return this.changeKey(effect.key_id, (k) => {
          Object.assign(k, unrefusedKey);
        });
      case 'updated':
        return this.changeKey(effect.key_id, (k) => {
          const { quota_orders_per_month: quota, ...rest } = effect.changes;
          Object.assign(k, rest, quota === undefined ? {} : { quota_orders_per_month: quota });
          if ('expires_at' in effect.changes) k.refused_by = entryId ?? k.refused_by;
        });
      case 'route_deprecated':
      case 'route_restored':
        return this.changeRoute(effect, entryId);
      case 'route_reset': {
        const simulated = this.seed.routes.find((r) => r.route_id === effect.route_id);
        if (simulated) this.routes.set(effect.route_id, { ...simulated });
        return;
      }
      case 'consumer_changed': {
        const consumer = this.consumers.get(effect.consumer_id);
        if (!consumer) return;
        if (effect.plan !== undefined) consumer.plan = effect.plan;
        if (effect.quota_requests_per_period !== undefined)
          consumer.quota_requests_per_period = effect.quota_requests_per_period;
        return;
      }
      case 'management_key_created': {
        const { event: _event, ...key } = effect;
        this.managementKeys.set(key.mk_id, { ...key, revoked_at: null });
        this.mkByHash.set(key.key_hash_sha256, key.mk_id);
        return;
      }
      case 'management_key_revoked': {
        const key = this.managementKeys.get(effect.mk_id);
        if (key) key.revoked_at ??= effect.revoked_at;
        return;
      }
      case 'operator':
        this.operators.apply(effect.change);
    }
  }

  private changeKey(keyId: string, change: (key: ManagedKey) => void): void {
    const key = this.keys.get(keyId);
    if (!key) return;
    change(key);
    this.records.delete(key.key_hash_sha256);
  }

  private changeRoute(
    effect: Extract<Effect, { event: 'route_deprecated' | 'route_restored' }>,
    entryId: string | null,
  ): void {
    const route = this.routes.get(effect.route_id);
    if (!route) return;
    route.changed_by = entryId;
    if (effect.event === 'route_restored') {
      Object.assign(route, {
        deprecated: false,
        deprecated_at: null,
        sunset_at: null,
        successor_route_id: null,
      });
    } else {
      Object.assign(route, {
        deprecated: true,
        deprecated_at: effect.deprecated_at,
        sunset_at: effect.sunset_at,
        successor_route_id: effect.successor_route_id,
      });
    }
  }
}
