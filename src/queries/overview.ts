// Queries of the Overview screen, one per figure group, all over the measure and blast views.
import type { Workspace } from '../node/db.ts';
import { alertWhatIfHref } from '../what-if/alert-links.ts';
import { runOne, runQuery } from './sql-file.ts';
import { z } from 'zod';

const overviewFiguresRow = z.object({
  requests_per_day: z.number(),
  error_pct: z.number().nullable(),
  edge_p99_ms: z.number().nullable(),
  origin_p99_ms: z.number().nullable(),
  total_p99_ms: z.number().nullable(),
  active_keys: z.number(),
  keys_total: z.number(),
  healthy_functions: z.number(),
  functions_total: z.number(),
  quota_at_risk: z.number(),
  availability_pct: z.number().nullable(),
  availability_target_pct: z.number(),
  availability_meets_target: z.boolean(),
  assistant_share_pct: z.number().nullable(),
});
/** v_overview: the headline figures. */
export type OverviewFiguresRow = z.infer<typeof overviewFiguresRow>;

const errorRateRow = z.object({
  sample_requests: z.number(),
  status_2xx: z.number(),
  status_3xx: z.number(),
  status_4xx: z.number(),
  status_5xx: z.number(),
  pct_2xx: z.number().nullable(),
  pct_3xx: z.number().nullable(),
  pct_4xx: z.number().nullable(),
  pct_5xx: z.number().nullable(),
  error_pct: z.number().nullable(),
});
/** v_overview_error_rate: the log sample's status classes. */
export type ErrorRateRow = z.infer<typeof errorRateRow>;

/** The row schema of v_availability, which the budget's summary extends. */
export const availabilityRow = z.object({
  availability_pct: z.number().nullable(),
  target_pct: z.number(),
  meets_target: z.boolean(),
  error_budget_pct: z.number(),
  budget_spent_pct: z.number(),
  budget_remaining_pct: z.number(),
});
/** v_availability: availability against the target and the error budget. */
export type AvailabilityRow = z.infer<typeof availabilityRow>;

const callerMixRow = z.object({
  caller_kind: z.enum(['human', 'automation', 'assistant']),
  requests: z.number(),
  share_pct: z.number().nullable(),
});
/** v_caller_mix: one row per caller kind. */
export type CallerMixRow = z.infer<typeof callerMixRow>;

const requestsDailyRow = z.object({
  day: z.string(),
  requests: z.number(),
});
/** v_requests_daily: one row per day. */
export type RequestsDailyRow = z.infer<typeof requestsDailyRow>;

const blastBoardRow = z.object({
  rank: z.number(),
  target_type: z.enum(['key', 'route', 'function']),
  target_id: z.string(),
  label: z.string(),
  score: z.number(),
  is_high_blast: z.boolean(),
  reason: z.string(),
  href: z.string(),
});
/** v_blast_board: the highest-blast targets. */
export type BlastBoardRow = z.infer<typeof blastBoardRow>;

const alertRow = z.object({
  alert_id: z.string(),
  kind: z.string(),
  severity: z.string(),
  target_type: z.enum(['key', 'route', 'function', 'consumer']),
  target_id: z.string(),
  label: z.string(),
  cause: z.string(),
  evidence: z.string(),
  throttled_429: z.number().nullable(),
  quota_burn_pct: z.number().nullable(),
  blast_score: z.number().nullable(),
  next_step: z.string(),
  href: z.string(),
  /** The target's own page (a throttle storm's is its consumer's). */
  target_href: z.string(),
});
/** v_alerts: root-caused alerts. */
export type AlertRow = z.infer<typeof alertRow>;

const alertWhatIfColumns = z.object({
  what_if_kind: z.string().nullable(),
  throttle_rpm: z.number().nullable(),
  rotate_overlap_days: z.number().nullable(),
  retire_sunset: z.string().nullable(),
  change_error_pct: z.number().nullable(),
});
/** The what-if that answers an alert (v_alerts.what_if_kind) and its inputs; null where none applies. */
export type AlertWhatIfColumns = z.infer<typeof alertWhatIfColumns>;

const alertWithWhatIfColumns = alertRow.extend(alertWhatIfColumns.shape);

/** An alert with the link to the what-if that answers it, filled in. */
export interface AlertWithWhatIf extends AlertRow {
  what_if_href: string;
}

/** The headline figures. */
export const overviewFigures = (db?: Workspace) =>
  runOne(overviewFiguresRow, 'overview', 'overview_figures', {}, db);
/** The error rate's status-class breakdown. */
export const errorRate = (db?: Workspace) => runOne(errorRateRow, 'overview', 'error_rate', {}, db);
/** Availability and the error budget. */
export const availability = (db?: Workspace) => runOne(availabilityRow, 'overview', 'availability', {}, db);
/** The caller mix. */
export const callerMix = (db?: Workspace) => runQuery(callerMixRow, 'overview', 'caller_mix', {}, db);
/** Requests per day over the period. */
export const requestsDaily = (db?: Workspace) =>
  runQuery(requestsDailyRow, 'overview', 'requests_daily', {}, db);
/** The blast board. */
export const blastBoard = (db?: Workspace) => runQuery(blastBoardRow, 'overview', 'blast_board', {}, db);
/** The root-caused alerts, each linking to the what-if that answers it, filled in. */
export async function alerts(db?: Workspace): Promise<AlertWithWhatIf[]> {
  const rows = await runQuery(alertWithWhatIfColumns, 'overview', 'alerts', {}, db);
  return rows.map(
    ({ what_if_kind, throttle_rpm, rotate_overlap_days, retire_sunset, change_error_pct, ...alert }) => ({
      ...alert,
      what_if_href: alertWhatIfHref(what_if_kind, alert.href, {
        throttleRpm: throttle_rpm ?? undefined,
        rotateOverlapDays: rotate_overlap_days ?? undefined,
        retireSunset: retire_sunset ?? undefined,
        changeErrorPct: change_error_pct ?? undefined,
      }),
    }),
  );
}

/** Everything the Overview shows, read in one go. */
export async function overviewScreen(db?: Workspace) {
  return {
    figures: await overviewFigures(db),
    errors: await errorRate(db),
    availability: await availability(db),
    callerMix: await callerMix(db),
    requestsDaily: await requestsDaily(db),
    board: await blastBoard(db),
    alerts: await alerts(db),
  };
}
