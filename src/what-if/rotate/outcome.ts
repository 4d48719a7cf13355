// The rotate-a-key what-if in the page: given a proposed overlap window (how long the old material
// keeps working beside the new), when the old material stops, whether the window is usable, and
// who must switch before it closes. The same rule as blast_rotate_rollup
// (simulator/sql/views/310_blast_rotate_rollup.sql): the window is cut short by the key's expiry,
// a revoked or rotated key has none, and a window under the policy's minimum is no usable overlap.
import { addDays, daysBetween } from '../dates.ts';

/** A consumer that holds or uses the key, as the page embeds it. */
export interface RotateConsumerFacts {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  requests_per_day: number;
  routes: number;
  /** Other active keys of the same environment it holds: 0 means no material to fall back on. */
  other_active_keys: number;
}

/** Everything the page needs to answer the rotate what-if for one key. */
export interface RotateSetup {
  key_id: string;
  as_of: string;
  status: string;
  /** 'YYYY-MM-DD HH:MM:SS', or null when the key never expires. */
  expires_at: string | null;
  policy_overlap_days: number;
  min_overlap_days: number;
  consumers: RotateConsumerFacts[];
}

/** What a consumer has to do during the window. */
export type SwitchPlan = 'falls_back' | 'switch_in_window' | 'breaks_at_cutover';

/** The rotate what-if's answer for one proposed overlap. */
export interface RotateOutcome {
  proposed_days: number;
  /** The overlap the key can actually give: the proposal, cut short by expiry; 0 when revoked or rotated. */
  overlap_days: number;
  cut_short_by_expiry: boolean;
  usable: boolean;
  /** The day the old material stops working. */
  cutover: string;
  consumers: (RotateConsumerFacts & { plan: SwitchPlan })[];
  /** Consumers without a second key: they must switch before the cutover. */
  must_switch: number;
  /** Their requests per day through this key: what stops at the cutover unless they switch. */
  requests_at_risk_per_day: number;
  /** Of those, what the key refuses already today: none while it authenticates; all once revoked or rotated. */
  refused_today_per_day: number;
}

/** Whether the key still authenticates, so it can overlap with new material at all. */
const canOverlap = (setup: RotateSetup) => setup.status !== 'revoked' && setup.status !== 'rotated';

/** The days until the key expires (0 once expired); infinite for a key that never expires. */
function daysToExpiry(setup: RotateSetup): number {
  if (setup.expires_at === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, daysBetween(setup.as_of, setup.expires_at));
}

/** Answers the rotate what-if for a proposed overlap of `proposedDays` whole days. */
export function rotateOutcome(setup: RotateSetup, proposedDays: number): RotateOutcome {
  const left = canOverlap(setup) ? daysToExpiry(setup) : 0;
  const overlap = Math.min(proposedDays, left);
  const usable = overlap >= setup.min_overlap_days;
  const plan = (c: RotateConsumerFacts): SwitchPlan =>
    c.other_active_keys > 0 ? 'falls_back' : usable ? 'switch_in_window' : 'breaks_at_cutover';
  const consumers = setup.consumers.map((c) => ({ ...c, plan: plan(c) }));
  const stranded = consumers.filter((c) => c.plan !== 'falls_back');
  const atRisk = stranded.reduce((sum, c) => sum + c.requests_per_day, 0);
  return {
    proposed_days: proposedDays,
    overlap_days: overlap,
    cut_short_by_expiry: canOverlap(setup) && left < proposedDays,
    usable,
    cutover: addDays(setup.as_of, overlap),
    consumers,
    must_switch: stranded.length,
    requests_at_risk_per_day: atRisk,
    refused_today_per_day: canOverlap(setup) ? 0 : atRisk,
  };
}
