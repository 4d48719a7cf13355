// Queries every screen shares: the workspace period, the thresholds, the consumers.
import type { Workspace } from '../node/db.ts';
import { formatDate } from '../lib/format.ts';
import { runOne, runQuery } from './sql-file.ts';
import { z } from 'zod';

const periodRow = z.object({
  as_of: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  days: z.number(),
});
/** The workspace period (v_period), dates as YYYY-MM-DD. */
export type PeriodRow = z.infer<typeof periodRow>;

/** The workspace period. */
export function period(db?: Workspace): Promise<PeriodRow> {
  return runOne(periodRow, 'common', 'period', {}, db);
}

/** The period as a label for page headers: "30 days, 2 Oct – 31 Oct 2026". */
export function periodLabel(p: PeriodRow): string {
  return `${p.days} days, ${formatDate(p.period_start)} – ${formatDate(p.period_end)}`;
}

const thresholdsRow = z.object({
  quota_risk_pct: z.number(),
  hot_path_requests_per_day: z.number(),
  cold_heavy_pct: z.number(),
  high_blast_score: z.number(),
  unused_key_days: z.number(),
  availability_target_pct: z.number(),
  agent_heavy_share_pct: z.number(),
});
/** The spec's thresholds (v_thresholds), for the labels that name them. */
export type ThresholdsRow = z.infer<typeof thresholdsRow>;

/** The thresholds (one row). */
export function thresholds(db?: Workspace): Promise<ThresholdsRow> {
  return runOne(thresholdsRow, 'common', 'thresholds', {}, db);
}

const consumerRow = z.object({
  consumer_id: z.string(),
  name: z.string(),
  consumer_type: z.string(),
  plan: z.string(),
  primary_caller_kind: z.string(),
  quota_burn_pct: z.number().nullable(),
  is_at_risk: z.boolean(),
});
/** A consumer with its quota standing (v_consumer_quota). */
export type ConsumerRow = z.infer<typeof consumerRow>;

/** Every consumer. */
export const consumerRows = (db?: Workspace) => runQuery(consumerRow, 'common', 'consumer_rows', {}, db);

/** Every consumer by id, for naming the consumers a detail page lists. */
export async function consumersById(db?: Workspace): Promise<Map<string, ConsumerRow>> {
  return new Map((await consumerRows(db)).map((c) => [c.consumer_id, c]));
}

/** Looks an id up in a map, failing loudly: the views guarantee every id they list exists. */
export function lookup<T>(map: Map<string, T>, id: string, what: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`no ${what} ${id} in the workspace views`);
  return found;
}
