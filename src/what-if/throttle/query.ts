// The throttle what-if, node side: predicted 429s of a key or consumer under a proposed rpm budget
// (the SQL macro preview_throttle), the demand histogram the page embeds to recompute it as a budget
// is typed, and previewThrottle, the one call the page and the management API's dry run share.
// Node-only (DuckDB); the arithmetic the browser runs is ./outcome.ts.
import { z } from 'zod';
import type { Workspace } from '../../node/db.ts';
import { whatIfSql } from '../query.ts';
import {
  predictThrottle,
  sortThrottleRows,
  totalThrottledPerDay,
  type DemandHistogram,
  type DemandLevel,
  type DemandStream,
  type ThrottleRow,
} from './outcome.ts';

// The rows of each query, checked against the shapes outcome.ts computes with.
const demandStream = z.object({
  consumer_id: z.string(),
  key_id: z.string(),
  name: z.string(),
  key_name: z.string(),
  primary_caller_kind: z.string(),
}) satisfies z.ZodType<DemandStream>;
const demandLevel = z.object({
  consumer_id: z.string(),
  key_id: z.string(),
  requests_per_minute: z.number(),
  minutes: z.number(),
}) satisfies z.ZodType<DemandLevel>;
const throttleRow = demandStream.extend({
  requests_per_day: z.number(),
  throttled_per_day: z.number(),
  minutes_over_per_day: z.number(),
  throttled_pct: z.number().nullable(),
}) satisfies z.ZodType<ThrottleRow>;
const throttleTotalRow = z.object({ throttled_per_day: z.number() });
const throttleTargetRow = z.object({ rpm_budget: z.number().nullable(), days: z.number() });

/** The throttle what-if's starting point: the current budget and the embeddable histogram. */
export interface ThrottleSetup {
  rpm_budget: number | null;
  histogram: DemandHistogram;
}

/** Refuses a budget that is not a whole number ≥ 0. */
function checkRpm(rpm: number): void {
  if (!Number.isInteger(rpm) || rpm < 0)
    throw new Error(`throttle: rpm must be a whole number ≥ 0, got ${rpm}`);
}

/** Throttle what-if: predicted 429s per consumer × key of a key or consumer at `rpm` (the SQL macro). */
export function throttlePreview(targetId: string, rpm: number, db?: Workspace): Promise<ThrottleRow[]> {
  checkRpm(rpm);
  return whatIfSql('throttle', { target_id: targetId, rpm }, db).rows(throttleRow, 'throttle');
}

/** Throttle what-if's headline: predicted 429s per day over every stream at `rpm` (the SQL macro). */
export async function throttleTotal(targetId: string, rpm: number, db?: Workspace): Promise<number> {
  checkRpm(rpm);
  const sql = whatIfSql('throttle', { target_id: targetId, rpm }, db);
  const row = await sql.one(throttleTotalRow, 'throttle_total');
  return row.throttled_per_day;
}

/** The current budget and demand histogram of a key or consumer, to embed in the page. */
export async function throttleSetup(targetId: string, db?: Workspace): Promise<ThrottleSetup> {
  const sql = whatIfSql('throttle', { target_id: targetId }, db);
  const target = await sql.one(throttleTargetRow, 'throttle_target');
  const streams = await sql.rows(demandStream, 'throttle_streams');
  const levels = await sql.rows(demandLevel, 'throttle_levels');
  return {
    rpm_budget: target.rpm_budget ?? null,
    histogram: { target_id: targetId, days: target.days, streams, levels },
  };
}

/** The throttle what-if's answer for a budget: 429s per day today (at the current budget) and after. */
export interface ThrottlePreview {
  key_id: string;
  /** The current budget; null when the workspace has none (today's 429s are then 0). */
  rpm_budget: number | null;
  rpm: number;
  throttled_per_day_today: number;
  throttled_per_day_after: number;
  /** Per consumer × key at `rpm`, most 429s first. */
  rows: ThrottleRow[];
}

/**
 * The throttle what-if for a key at a proposed budget `rpm` (whole requests per minute ≥ 0), as the
 * page computes it: for the console page and the management API's dry run; undefined for an
 * unknown key. Throws on a bad `rpm`.
 */
export async function previewThrottle(
  db: Workspace,
  { keyId, rpm }: { keyId: string; rpm: number },
): Promise<ThrottlePreview | undefined> {
  checkRpm(rpm);
  const setup = await throttleSetup(keyId, db);
  if (setup.rpm_budget === null && setup.histogram.streams.length === 0) return undefined;
  return {
    key_id: keyId,
    rpm_budget: setup.rpm_budget,
    rpm,
    throttled_per_day_today:
      setup.rpm_budget === null ? 0 : totalThrottledPerDay(setup.histogram, setup.rpm_budget),
    throttled_per_day_after: totalThrottledPerDay(setup.histogram, rpm),
    rows: sortThrottleRows(predictThrottle(setup.histogram, rpm)),
  };
}
