// Consumers: fixed internal teams, the planted customers, and faker-named customers.
import type { Faker } from '@faker-js/faker';
import type { Rng } from '../rng.ts';
import { profiles, type CallerProfile } from './catalog.ts';
import {
  ASSISTANT_CONSUMERS,
  DEMO_CONSUMER,
  JUST_OVER_CONSUMER,
  JUST_UNDER_CONSUMER,
  ROTATION_LAG_CONSUMERS,
  THROTTLE_STORM_CONSUMER,
} from './stories.ts';
import type { ConsumerRow, PlanName, PlanRow } from './types.ts';

/** A consumer with the profile that decides what it calls. */
export interface ConsumerDraft {
  row: ConsumerRow;
  profile: CallerProfile;
}

const teams: [string, string][] = [
  ['Checkout Web', 'storefront'],
  ['Mobile App', 'storefront'],
  ['Fulfilment Ops', 'fulfilment'],
  ['Finance Systems', 'finance'],
  ['Merchandising Tools', 'merchandising'],
  ['Search & Discovery', 'storefront'],
  ['Data Platform', 'finance'],
];

const planted: [string, PlanName, string][] = [
  [THROTTLE_STORM_CONSUMER, 'Growth', 'fulfilment'],
  [JUST_OVER_CONSUMER, 'Growth', 'ordering'],
  [JUST_UNDER_CONSUMER, 'Enterprise', 'storefront'],
  [ROTATION_LAG_CONSUMERS[0], 'Enterprise', 'ordering'],
  [ROTATION_LAG_CONSUMERS[1], 'Enterprise', 'finance'],
  [ROTATION_LAG_CONSUMERS[2], 'Enterprise', 'ordering'],
  [ASSISTANT_CONSUMERS[0], 'Growth', 'assistant'],
  [ASSISTANT_CONSUMERS[1], 'Enterprise', 'assistant'],
];

const generatedPlans: PlanName[] = [
  'Enterprise',
  'Enterprise',
  'Enterprise',
  'Growth',
  'Growth',
  'Growth',
  'Growth',
  'Growth',
  'Growth',
  'Sandbox',
  'Sandbox',
  'Sandbox',
];

const profileNamed = (name: string): CallerProfile => {
  const profile = profiles.find((candidate) => candidate.name === name);
  if (!profile) throw new Error(`No caller profile ${name}`);
  return profile;
};

/** Teams, planted customers and generated customers, each on a plan with that plan's quota. */
export function buildConsumers(
  rng: Rng,
  faker: Faker,
  newId: (prefix: string) => string,
  plans: PlanRow[],
): ConsumerDraft[] {
  const quotaOf = (plan: PlanName): number =>
    (plans.find((p) => p.plan === plan) as PlanRow).quota_requests_per_period;
  const draft = (
    name: string,
    type: ConsumerRow['consumer_type'],
    plan: PlanName,
    profile: CallerProfile,
  ): ConsumerDraft => ({
    row: {
      consumer_id: newId('con'),
      name,
      consumer_type: type,
      plan,
      quota_requests_per_period: quotaOf(plan),
      primary_caller_kind: profile.kind,
    },
    profile,
  });
  const drafts: ConsumerDraft[] = [
    ...teams.map(([name, profile]) => draft(name, 'team', 'Internal', profileNamed(profile))),
    draft(DEMO_CONSUMER, 'team', 'Sandbox', profileNamed('ordering')),
    ...planted.map(([name, plan, profile]) => draft(name, 'customer', plan, profileNamed(profile))),
  ];
  const taken = new Set(drafts.map((d) => d.row.name));
  for (const plan of generatedPlans) {
    let name = faker.company.name();
    while (taken.has(name)) name = faker.company.name();
    taken.add(name);
    const profile = rng.weighted(profiles, (p) => (p.kind === 'assistant' ? 1 : 3));
    drafts.push(draft(name, 'customer', plan, profile));
  }
  return drafts;
}
