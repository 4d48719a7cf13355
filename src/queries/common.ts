// Queries every screen shares: the workspace period, the thresholds, the consumers.
import type { Workspace } from '../node/db.ts';
import { formatDate } from '../lib/format.ts';
import { runOne, runQuery } from './sql-file.ts';

/** The workspace period (v_period), dates as YYYY-MM-DD. */
export interface PeriodRow {
  as_of: string;
  period_start: string;
  period_end: string;
  days: number;
}

/** The workspace period. */
export function period(db?: Workspace): Promise<PeriodRow> {
  return runOne<PeriodRow>('common', 'period', {}, db);
}

/** The period as a label for page headers: "30 days, 2 Oct – 31 Oct 2026". */
export function periodLabel(p: PeriodRow): string {
  return `${p.days} days, ${formatDate(p.period_start)} – ${formatDate(p.period_end)}`;
}

/** The spec's thresholds (v_thresholds), for the labels that name them. */
export interface ThresholdsRow {
  quota_risk_pct: number;
  hot_path_requests_per_day: number;
  cold_heavy_pct: number;
  high_blast_score: number;
  unused_key_days: number;
  availability_target_pct: number;
  agent_heavy_share_pct: number;
}

/** The thresholds (one row). */
export function thresholds(db?: Workspace): Promise<ThresholdsRow> {
  return runOne<ThresholdsRow>('common', 'thresholds', {}, db);
}

/** A consumer with its quota standing (v_consumer_quota). */
export interface ConsumerRow {
  consumer_id: string;
  name: string;
  consumer_type: string;
  plan: string;
  primary_caller_kind: string;
  quota_burn_pct: number | null;
  is_at_risk: boolean;
}

/** Every consumer. */
export const consumerRows = (db?: Workspace) => runQuery<ConsumerRow>('common', 'consumer_rows', {}, db);

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
