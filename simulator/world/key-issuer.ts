// Issues keys: fills keys, consumer_keys and consumer_routes, drawing material from the seed.
import type { Calendar, Rng } from '../rng.ts';
import { DAY_MS, isoTimestamp } from '../rng.ts';
import { endpointKey, endpoints } from './catalog.ts';
import type { ConsumerDraft } from './consumers.ts';
import { keyMaterial, keyPrefixes } from './ids.ts';
import type {
  ConsumerKeyRow,
  ConsumerRouteRow,
  Environment,
  KeyRow,
  PlanName,
  PlanRow,
  RouteRow,
} from './types.ts';

/** Keys and the two link tables. */
export interface KeyRing {
  keys: KeyRow[];
  consumerKeys: ConsumerKeyRow[];
  consumerRoutes: ConsumerRouteRow[];
}

/** Issues keys to holders; `at` and `agedRotation` draw dates relative to as-of. */
export interface KeyIssuer {
  ring: KeyRing;
  rng: Rng;
  days: number;
  byName: Map<string, ConsumerDraft>;
  /** A timestamp `daysAgo` days before as-of, at a random second within the bounds. */
  at: (daysAgo: number, minSeconds?: number, maxSeconds?: number) => string;
  /** Creation and rotation dates of a key issued before the period and rotated within 85 days. */
  agedRotation: () => Partial<KeyRow>;
  /** Issues a key to holders; when it carries traffic, it calls each holder's routes on its stage. */
  issue: (
    holders: ConsumerDraft[],
    env: Environment,
    plan: PlanName,
    fields: Partial<KeyRow> & { name: string },
    carriesTraffic: boolean,
    keyId?: string,
  ) => KeyRow;
}

const stageOf: Record<Environment, RouteRow['stage']> = {
  production: 'prod',
  sandbox: 'sandbox',
  staging: 'staging',
};

/** An issuer over the consumers' chosen endpoints (drawn here, core plus some extras each). */
export function createKeyIssuer(
  rng: Rng,
  newId: (prefix: string) => string,
  cal: Calendar,
  drafts: ConsumerDraft[],
  routes: RouteRow[],
  plans: PlanRow[],
  days: number,
): KeyIssuer {
  const keys: KeyRow[] = [];
  const consumerKeys: ConsumerKeyRow[] = [];
  const consumerRoutes: ConsumerRouteRow[] = [];
  const rpmOf = (plan: PlanName): number =>
    (plans.find((p) => p.plan === plan) as PlanRow).default_rpm_budget;
  const at = (daysAgo: number, minSeconds = 0, maxSeconds = 86_399): string =>
    isoTimestamp(cal.daysAgo(daysAgo) + rng.int(minSeconds, maxSeconds) * 1000);
  // A key in use was last used in the last quarter hour of the period (its traffic runs until then).
  const lastDay = (): string => isoTimestamp(cal.asOfMs - DAY_MS + rng.int(86_400 - 15 * 60, 86_399) * 1000);
  const byName = new Map(drafts.map((d) => [d.row.name, d]));
  const chosen = new Map<string, string[]>();
  for (const d of drafts) {
    const extras = rng.shuffle(d.profile.extras).slice(0, rng.int(1, d.profile.extras.length));
    chosen.set(d.row.consumer_id, [...d.profile.core, ...extras]);
  }
  const scopesFor = (consumerIds: string[]): string[] => {
    const scopes = new Set(['orders:read']);
    for (const id of consumerIds)
      for (const k of chosen.get(id) ?? [])
        scopes.add((endpoints.find((e) => endpointKey(e) === k) as (typeof endpoints)[number]).scope);
    return [...scopes].sort();
  };
  const issue = (
    holders: ConsumerDraft[],
    env: Environment,
    plan: PlanName,
    fields: Partial<KeyRow> & { name: string },
    carriesTraffic: boolean,
    keyId?: string,
  ): KeyRow => {
    const created = fields.created_at ?? at(days + rng.int(20, 400));
    const key: KeyRow = {
      key_id: keyId ?? newId('key'),
      environment: env,
      status: 'active',
      plan,
      rpm_budget: rpmOf(plan),
      scopes: scopesFor(holders.map((h) => h.row.consumer_id)),
      created_at: created,
      expires_at: null,
      rotated_at: null,
      last_used_at: carriesTraffic ? lastDay() : null,
      material: keyMaterial(rng, env),
      key_prefix: keyPrefixes[env],
      key_last4: '',
      ...fields,
    };
    key.key_last4 = key.material.slice(-4);
    keys.push(key);
    const linked = consumerRoutes.length;
    for (const holder of holders) {
      consumerKeys.push({ consumer_id: holder.row.consumer_id, key_id: key.key_id });
      if (!carriesTraffic) continue;
      for (const k of chosen.get(holder.row.consumer_id) ?? []) {
        const route = routes.find((r) => r.stage === stageOf[env] && endpointKey(r) === k);
        if (route)
          consumerRoutes.push({
            consumer_id: holder.row.consumer_id,
            route_id: route.route_id,
            key_id: key.key_id,
          });
      }
    }
    // A key none of whose holders' routes is published on its stage carries nothing: never used.
    if (carriesTraffic && consumerRoutes.length === linked) key.last_used_at = null;
    return key;
  };
  const agedRotation = (): Partial<KeyRow> => {
    const ageDays = days + rng.int(20, 400);
    return { created_at: at(ageDays), rotated_at: ageDays > 90 ? at(rng.int(3, 85)) : null };
  };

  return { ring: { keys, consumerKeys, consumerRoutes }, rng, days, byName, at, agedRotation, issue };
}
