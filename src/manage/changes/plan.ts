// What every change works out before anything is written: its action, target, the state before
// and after, and the effects that make it so. The same plan serves the dry run and the apply.
import type { PlainResponse } from '../../api/orders/plain.ts';
import type { Target } from '../audit.ts';
import type { Effect } from '../effects.ts';
import type { Ledger, TextSha256 } from '../ledger.ts';

/** A change worked out on the current state. */
export interface ChangePlan {
  action: string;
  target: Target;
  before: unknown;
  after: unknown;
  effects: Effect[];
  /** The answer's status once applied (201 for a new key). */
  status: 200 | 201;
  /** A new key's material, answered once and never stored. */
  secret?: string;
}

/** What planning needs beside the state. */
export interface PlanContext {
  ledger: Ledger;
  now: Date;
  sha256: TextSha256;
  /** Planned for a dry run: nothing is made, and what only the apply makes (a key's value) is not shown. */
  dryRun: boolean;
  /** The id of something the change makes: the same in its dry run and its apply (changeId). */
  newId(prefix: string, length: number): string;
}

/** A change's plan, or the problem that refuses it. */
export type Planned = ChangePlan | PlainResponse;

/** Whether planning refused. */
export function isRefusal(planned: Planned): planned is PlainResponse {
  return 'status' in planned && 'body' in planned && 'headers' in planned;
}

/** A time in a view, as a date or a date-time ('2027-01-31' is '2027-01-31T00:00:00.000Z'). */
const isoTime = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** A view as JSON, its times (the `…_at` members) as instants; a name that looks like a date stays text. */
const canonical = (view: unknown) =>
  JSON.stringify(view, (key, value: unknown) =>
    key.endsWith('_at') &&
    typeof value === 'string' &&
    isoTime.test(value) &&
    !Number.isNaN(Date.parse(value))
      ? new Date(value).toISOString()
      : value,
  );

/** Whether a change of something that exists leaves it as it was (its `…_at` times compared as instants). */
export function changesNothing(plan: ChangePlan): boolean {
  return plan.before !== null && canonical(plan.before) === canonical(plan.after);
}
