// The rotate what-if's setup the outcome and presentation tests share: key_x with the policy's 14-day
// window (7 at least), as of 1 Nov; con_a (500/day) can fall back on a second key, con_b (100/day)
// and con_c (50/day) cannot.
import type { RotateConsumerFacts, RotateSetup } from '../../../src/what-if/rotate/outcome.ts';

/** A consumer sending `requests` a day on one route, with `otherKeys` other active keys. */
const consumer = (id: string, requests: number, otherKeys: number): RotateConsumerFacts => ({
  consumer_id: id,
  name: id,
  primary_caller_kind: 'automation',
  requests_per_day: requests,
  routes: 1,
  other_active_keys: otherKeys,
});

/** key_x in `status`, expiring at `expires_at` (never: null). */
export const rotateSetup = (status: string, expires_at: string | null = null): RotateSetup => ({
  key_id: 'key_x',
  as_of: '2026-11-01',
  status,
  expires_at,
  policy_overlap_days: 14,
  min_overlap_days: 7,
  consumers: [consumer('con_a', 500, 1), consumer('con_b', 100, 0), consumer('con_c', 50, 0)],
});
