// Keys, who holds them (consumer_keys) and which routes each consumer calls through which key.
import type { Calendar, Rng } from '../rng.ts';
import { DAY_MS, isoTimestamp } from '../rng.ts';
import { endpointKey, endpoints } from './catalog.ts';
import type { ConsumerDraft } from './consumers.ts';
import { keyMaterial, keyPrefixes } from './ids.ts';
import {
  ASSISTANT_CONSUMERS,
  DEMO_CONSUMER,
  JUST_OVER_CONSUMER,
  JUST_UNDER_CONSUMER,
  ROTATION_LAG_CONSUMERS,
  ROTATION_LAG_KEY,
  THROTTLE_STORM_CONSUMER,
  UNUSED_KEYS,
} from './stories.ts';
import type {
  ConsumerKeyRow,
  ConsumerRouteRow,
  Environment,
  KeyRow,
  PlanName,
  PlanRow,
  RouteRow,
} from './types.ts';

/** The documented demo key: sandbox, active, Sandbox plan, orders:write, never expires, 60 rpm. */
export const DEMO_SANDBOX_KEY_ID = 'key_demo_sandbox';

/** Keys and the two link tables. */
export interface KeyRing {
  keys: KeyRow[];
  consumerKeys: ConsumerKeyRow[];
  consumerRoutes: ConsumerRouteRow[];
}

const stageOf: Record<Environment, RouteRow['stage']> = {
  production: 'prod',
  sandbox: 'sandbox',
  staging: 'staging',
};
const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Issues every consumer's keys (with the planted rotation, revocation, expiry and unused stories). */
export function buildKeys(
  rng: Rng,
  newId: (prefix: string) => string,
  cal: Calendar,
  drafts: ConsumerDraft[],
  routes: RouteRow[],
  plans: PlanRow[],
  days: number,
): KeyRing {
  const keys: KeyRow[] = [];
  const consumerKeys: ConsumerKeyRow[] = [];
  const consumerRoutes: ConsumerRouteRow[] = [];
  const rpmOf = (plan: PlanName): number =>
    (plans.find((p) => p.plan === plan) as PlanRow).default_rpm_budget;
  const at = (daysAgo: number, minSeconds = 0, maxSeconds = 86_399): string =>
    isoTimestamp(cal.daysAgo(daysAgo) + rng.int(minSeconds, maxSeconds) * 1000);
  const lastDay = (): string => isoTimestamp(cal.asOfMs - DAY_MS + rng.int(20 * 3600, 86_399) * 1000);
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
    return key;
  };
  const agedRotation = (): Partial<KeyRow> => {
    const ageDays = days + rng.int(20, 400);
    return { created_at: at(ageDays), rotated_at: ageDays > 90 ? at(rng.int(3, 85)) : null };
  };

  const generated = drafts.filter((d) => d.row.consumer_type === 'customer' && !isPlanted(d.row.name));
  const rotators = new Set(
    rng
      .shuffle(
        drafts.filter(
          (d) => d.row.plan === 'Internal' || (generated.includes(d) && d.row.plan !== 'Sandbox'),
        ),
      )
      .slice(0, 3),
  );
  const paidGenerated = generated.filter((d) => d.row.plan !== 'Sandbox' && !rotators.has(d));
  const revoker = paidGenerated.find((d) => d.row.plan === 'Growth');
  const expiring = new Set(paidGenerated.filter((d) => d !== revoker).slice(0, 2));

  for (const d of drafts) {
    const name = slug(d.row.name);
    if (
      ROTATION_LAG_CONSUMERS.includes(d.row.name as (typeof ROTATION_LAG_CONSUMERS)[number]) ||
      d.row.name === DEMO_CONSUMER
    )
      continue;
    if (d.row.plan === 'Sandbox') {
      issue([d], 'sandbox', 'Sandbox', { name: `${name}-sandbox`, ...agedRotation() }, true);
      continue;
    }
    if (rotators.has(d) || d === revoker) {
      const switchDaysAgo = rng.int(2, Math.max(2, Math.min(days - 1, 25)));
      const switchAt = at(switchDaysAgo, 9 * 3600, 17 * 3600);
      issue(
        [d],
        'production',
        d.row.plan,
        {
          name: `${name}-prod-${d === revoker ? 'compromised' : 'previous'}`,
          status: d === revoker ? 'revoked' : 'rotated',
          created_at: at(days + rng.int(150, 500)),
          rotated_at: d === revoker ? at(days + rng.int(10, 60)) : switchAt,
          last_used_at: d === revoker ? switchAt : at(switchDaysAgo - 1),
        },
        true,
      );
      issue([d], 'production', d.row.plan, { name: `${name}-prod`, created_at: switchAt }, true);
    } else {
      const prod: Partial<KeyRow> & { name: string } = { name: `${name}-prod`, ...agedRotation() };
      if (expiring.has(d)) Object.assign(prod, { status: 'expiring', expires_at: at(-rng.int(3, 14)) });
      else if (d.row.consumer_type === 'customer' && rng.chance(0.4)) prod.expires_at = at(-rng.int(60, 365));
      issue([d], 'production', d.row.plan, prod, true);
    }
    if (d.row.consumer_type === 'team')
      issue([d], 'staging', 'Internal', { name: `${name}-staging`, ...agedRotation() }, true);
    const quiet = [JUST_OVER_CONSUMER, JUST_UNDER_CONSUMER, THROTTLE_STORM_CONSUMER].includes(d.row.name);
    if (!quiet && (d.row.plan === 'Enterprise' || rng.chance(0.5)))
      issue([d], 'sandbox', 'Sandbox', { name: `${name}-sandbox`, ...agedRotation() }, true);
  }

  const meridian = ROTATION_LAG_CONSUMERS.map((n) => byName.get(n) as ConsumerDraft);
  issue(meridian, 'production', 'Enterprise', { name: ROTATION_LAG_KEY, created_at: at(days + 480) }, true);
  const demo = byName.get(DEMO_CONSUMER) as ConsumerDraft;
  issue(
    [demo],
    'sandbox',
    'Sandbox',
    { name: 'estate-demo-sandbox', created_at: at(days + 90) },
    true,
    DEMO_SANDBOX_KEY_ID,
  );
  const demoKey = keys[keys.length - 1] as KeyRow;
  demoKey.scopes = [...new Set([...demoKey.scopes, 'orders:read', 'orders:write'])].sort();

  const fulfilment = byName.get('Fulfilment Ops') as ConsumerDraft;
  issue(
    [fulfilment],
    'staging',
    'Internal',
    {
      name: 'ci-legacy-staging',
      status: 'revoked',
      created_at: at(days + 300),
      last_used_at: at(days + rng.int(30, 120)),
    },
    false,
  );
  // Idle for longer than the period and than the 30-day threshold, so none of them has traffic.
  const idle = Math.max(days, 30);
  const unusedHolders: [string, ConsumerDraft, Environment, PlanName, number | null][] = [
    [UNUSED_KEYS[0], byName.get('Data Platform') as ConsumerDraft, 'production', 'Internal', idle + 45],
    [
      UNUSED_KEYS[1],
      generated.find((d) => d.row.plan === 'Enterprise') ?? fulfilment,
      'staging',
      'Enterprise',
      idle + 11,
    ],
    [UNUSED_KEYS[2], byName.get('Checkout Web') as ConsumerDraft, 'sandbox', 'Sandbox', idle + 3],
    [
      UNUSED_KEYS[3],
      generated.find((d) => d.row.plan === 'Growth') ?? fulfilment,
      'production',
      'Growth',
      idle + 90,
    ],
    [UNUSED_KEYS[4], byName.get('Mobile App') as ConsumerDraft, 'staging', 'Internal', null],
  ];
  for (const [name, holder, env, plan, lastUsedDaysAgo] of unusedHolders) {
    const createdDaysAgo = (lastUsedDaysAgo ?? days + 30) + rng.int(30, 200);
    issue(
      [holder],
      env,
      plan,
      {
        name,
        created_at: at(createdDaysAgo),
        last_used_at: lastUsedDaysAgo === null ? null : at(lastUsedDaysAgo),
      },
      false,
    );
  }
  return { keys, consumerKeys, consumerRoutes };
}

function isPlanted(name: string): boolean {
  return [
    THROTTLE_STORM_CONSUMER,
    JUST_OVER_CONSUMER,
    JUST_UNDER_CONSUMER,
    DEMO_CONSUMER,
    ...ROTATION_LAG_CONSUMERS,
    ...ASSISTANT_CONSUMERS,
  ].includes(name);
}
