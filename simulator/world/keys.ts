// Every consumer's keys, then the planted ones: who holds them and which routes they call.
import type { Calendar, Rng } from '../rng.ts';
import type { ConsumerDraft } from './consumers.ts';
import { createKeyIssuer, type KeyRing } from './key-issuer.ts';
import { issuePlantedKeys } from './planted-keys.ts';
import {
  ASSISTANT_CONSUMERS,
  DEMO_CONSUMER,
  JUST_OVER_CONSUMER,
  JUST_UNDER_CONSUMER,
  ROTATION_LAG_CONSUMERS,
  THROTTLE_STORM_CONSUMER,
} from './stories.ts';
import type { KeyRow, PlanRow, RouteRow } from './types.ts';

export { DEMO_SANDBOX_KEY_ID } from './planted-keys.ts';

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
  const issuer = createKeyIssuer(rng, newId, cal, drafts, routes, plans, days);
  const { at, agedRotation, issue } = issuer;
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

  issuePlantedKeys(issuer, generated);
  return issuer.ring;
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
