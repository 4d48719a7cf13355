// The console's acts (issue 23): each action a detail page offers, the management API call that
// makes it (a dry run first, then the same body with its preview token), the what-if it opens
// filled in, and when its confirmation needs the target's name typed. Pure and browser-safe: the
// island (./island.ts), its tests and the docs read the same table.
import { isoDurationPattern, maxOverlapMs, overlapMs, overlapPresets } from '../../manage/overlap.ts';
import type { WhatIfInput } from '../params.ts';

/** The kinds of target a page acts on. */
export type ActTarget = 'key' | 'route' | 'consumer' | 'workspace';

/** The fields a dialog may ask for, as typed (strings, as form fields give them). */
export interface ActFields {
  overlap?: string;
  rpm_budget?: string;
  quota_orders_per_month?: string;
  sunset_at?: string;
  successor_route_id?: string;
  plan?: string;
  quota_requests_per_period?: string;
}

/** One act: its label, the API call, the fields it asks for and the what-if it fills in. */
export interface ActSpec {
  /** The button's and the apply button's verb. */
  label: string;
  target: ActTarget;
  method: 'POST' | 'PATCH';
  /** The path under /manage/v1 for a target id. */
  path: (id: string) => string;
  fields: (keyof ActFields)[];
  /** The what-if this act opens (its anchor) and the input it fills in, if any. */
  whatIf?: { anchor: string; input?: WhatIfInput; value?: (fields: ActFields) => string | undefined };
}

// The rotate what-if models whole days: an overlap under one is at least a day of it, never
// "none" (a 1 h overlap read as "the old material stops at once", contradicting the roll).
const days = (ms: number) => String(Math.ceil(ms / 86_400_000));

/** Every act, by name. */
export const acts = {
  roll: {
    label: 'Roll',
    target: 'key',
    method: 'POST',
    path: (id) => `/keys/${id}/roll`,
    fields: ['overlap'],
    whatIf: {
      anchor: 'what-if-rotate',
      input: 'rotateOverlapDays',
      value: (f) => {
        const ms = overlapMsOf(f.overlap ?? '');
        return ms === null ? undefined : days(ms);
      },
    },
  },
  revoke: {
    label: 'Revoke',
    target: 'key',
    method: 'POST',
    path: (id) => `/keys/${id}/revoke`,
    fields: [],
    whatIf: { anchor: 'what-if-rotate', input: 'rotateOverlapDays', value: () => '0' },
  },
  limits: {
    label: 'Change rpm and quota',
    target: 'key',
    method: 'PATCH',
    path: (id) => `/keys/${id}`,
    fields: ['rpm_budget', 'quota_orders_per_month'],
    whatIf: { anchor: 'what-if-throttle', input: 'throttleRpm', value: (f) => f.rpm_budget },
  },
  deprecate: {
    label: 'Deprecate',
    target: 'route',
    method: 'POST',
    path: (id) => `/routes/${id}/deprecate`,
    fields: ['sunset_at', 'successor_route_id'],
    whatIf: { anchor: 'what-if-retire', input: 'retireSunset', value: (f) => f.sunset_at },
  },
  undeprecate: {
    label: 'Undo the deprecation',
    target: 'route',
    method: 'POST',
    path: (id) => `/routes/${id}/restore`,
    fields: [],
  },
  plan: {
    label: 'Change plan or quota',
    target: 'consumer',
    method: 'PATCH',
    path: (id) => `/consumers/${id}`,
    fields: ['plan', 'quota_requests_per_period'],
  },
  reset: {
    label: 'Reset demo',
    target: 'workspace',
    method: 'POST',
    path: () => '/demo/reset',
    fields: [],
  },
} as const satisfies Record<string, ActSpec>;

/** An act's name. */
export type ActName = keyof typeof acts;

/** Whether a string names an act. */
export const isActName = (name: string): name is ActName => Object.hasOwn(acts, name);

const shortDuration = /^(\d{1,7})\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?|d|days?)$/i;

/**
 * A roll's overlap as the API takes it: a preset (now, 1h, 24h, 7d, 30d), an ISO 8601 duration, or
 * a short form a person types ("10 s", "90 min", "36h", "3 days"); null when it is none of these.
 */
export function overlapOf(text: string): string | null {
  const typed = text.trim();
  if (Object.hasOwn(overlapPresets, typed)) return typed;
  if (isoDurationPattern.test(typed.toUpperCase()) && overlapMs(typed.toUpperCase()) !== null)
    return typed.toUpperCase();
  const match = shortDuration.exec(typed);
  if (!match) return null;
  const [, amount = '0', unit = 's'] = match;
  const u = unit.toLowerCase();
  if (u.startsWith('d')) return `P${amount}D`;
  const letter = u.startsWith('h') ? 'H' : u.startsWith('m') ? 'M' : 'S';
  return `PT${amount}${letter}`;
}

/** Milliseconds of a typed overlap, or null. */
export function overlapMsOf(text: string): number | null {
  const overlap = overlapOf(text);
  return overlap === null ? null : overlapMs(overlap);
}

/**
 * What is wrong with a typed overlap, said before anything is sent; null when the API takes it. The
 * limit is the management API's own (manageLimits.maxOverlapMs), so the dialog refuses what it would.
 */
export function overlapProblem(text: string): string | null {
  const ms = overlapMsOf(text);
  if (ms === null) return 'Choose an overlap, or type a duration such as 10 s, 90 min or 3 days.';
  if (ms > maxOverlapMs)
    return `An overlap is at most ${maxOverlapMs / 86_400_000} days: the management API refuses a longer one.`;
  return null;
}

/** A body for the API, or the field a person must correct. */
export type BodyOrProblem = { body: Record<string, unknown> } | { field: keyof ActFields; problem: string };

const whole = (text: string | undefined) => (text && /^\d{1,10}$/.test(text.trim()) ? Number(text) : null);

/**
 * The body of an act from its typed fields; `current` holds the target's values now, so a change
 * to rpm and quota sends only what differs.
 */
export function bodyOf(name: ActName, fields: ActFields, current: ActFields = {}): BodyOrProblem {
  if (name === 'roll') {
    const overlap = overlapOf(fields.overlap ?? '');
    const problem = overlapProblem(fields.overlap ?? '');
    if (overlap === null || problem !== null)
      return { field: 'overlap', problem: problem ?? 'Choose an overlap.' };
    return { body: { overlap } };
  }
  if (name === 'limits' || name === 'plan') {
    const numbers =
      name === 'limits'
        ? (['rpm_budget', 'quota_orders_per_month'] as const)
        : (['quota_requests_per_period'] as const);
    const body: Record<string, unknown> = {};
    for (const field of numbers) {
      const value = whole(fields[field]);
      if (value === null || value < 1) return { field, problem: 'Enter a whole number, 1 or more.' };
      if (String(value) !== current[field]) body[field] = value;
    }
    if (name === 'plan' && fields.plan && fields.plan !== current.plan) body.plan = fields.plan;
    if (Object.keys(body).length === 0)
      return { field: numbers[0], problem: 'Nothing changes: enter another value first.' };
    return { body };
  }
  if (name === 'deprecate') {
    if (!fields.sunset_at || !/^\d{4}-\d{2}-\d{2}$/.test(fields.sunset_at))
      return { field: 'sunset_at', problem: 'Choose a sunset date.' };
    return { body: { sunset_at: fields.sunset_at, successor_route_id: fields.successor_route_id || null } };
  }
  return { body: {} };
}

/** What a dry run answers (the fields the dialog reads). */
export interface Preview {
  action: string;
  target: { type: string; id: string; name: string };
  before: unknown;
  after: unknown;
  /** false when applying would change nothing (and write no audit entry). */
  changed?: boolean;
  blast: { score: number; dependents: number; requests_per_day: number };
  what_if: Record<string, unknown> | null;
  preview_token: string;
}

/**
 * Whether applying needs the target's name typed: a blast score at or above the high-blast
 * threshold (55 in the workspace), or any production key.
 */
export function needsTypedName(preview: Preview, highBlastScore: number): boolean {
  const environment = (preview.before as { environment?: unknown } | null)?.environment;
  return (
    preview.blast.score >= highBlastScore || (preview.target.type === 'key' && environment === 'production')
  );
}
