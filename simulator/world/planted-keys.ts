// The planted keys: rotation lag, the demo key, a long-revoked key and the unused keys.
import { DAY_MS, isoTimestamp } from '../rng.ts';
import type { ConsumerDraft } from './consumers.ts';
import type { KeyIssuer } from './key-issuer.ts';
import { DEMO_CONSUMER, ROTATION_LAG_CONSUMERS, ROTATION_LAG_KEY, UNUSED_KEYS } from './stories.ts';
import type { Environment, KeyRow, PlanName } from './types.ts';

/** The documented demo key: sandbox, active, Sandbox plan, orders:write, never expires, 60 rpm. */
export const DEMO_SANDBOX_KEY_ID = 'key_demo_sandbox';

/** Issues the planted keys; `generated` are the faker-named customers (holders of two unused keys). */
export function issuePlantedKeys(issuer: KeyIssuer, generated: ConsumerDraft[]): void {
  const { at, issue, rng, days, byName } = issuer;
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
  const demoKey = issuer.ring.keys[issuer.ring.keys.length - 1] as KeyRow;
  demoKey.scopes = [...new Set([...demoKey.scopes, 'orders:read', 'orders:write'])].sort();
  // The demo key is issued 90 days before the period; over long periods it would look like a
  // rotation-lag story, so it was rotated 30 days before as-of (computed, so no draw shifts).
  if (days > 60) demoKey.rotated_at = isoTimestamp(Date.parse(demoKey.created_at) + (days + 60) * DAY_MS);

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
}
