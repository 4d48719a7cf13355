// Queries of the Overview screen, one per figure group, all over the measure and blast views.
import type { Workspace } from '../node/db.ts';
import { alertWhatIfHref } from '../what-if/alert-links.ts';
import { runOne, runQuery } from './sql-file.ts';

/** v_overview: the headline figures. */
export interface OverviewFiguresRow {
  requests_per_day: number;
  error_pct: number | null;
  edge_p99_ms: number | null;
  origin_p99_ms: number | null;
  total_p99_ms: number | null;
  active_keys: number;
  keys_total: number;
  healthy_functions: number;
  functions_total: number;
  quota_at_risk: number;
  availability_pct: number | null;
  availability_target_pct: number;
  availability_meets_target: boolean;
  assistant_share_pct: number | null;
}

/** v_overview_error_rate: the log sample's status classes. */
export interface ErrorRateRow {
  sample_requests: number;
  status_2xx: number;
  status_3xx: number;
  status_4xx: number;
  status_5xx: number;
  pct_2xx: number | null;
  pct_3xx: number | null;
  pct_4xx: number | null;
  pct_5xx: number | null;
  error_pct: number | null;
}

/** v_availability: availability against the target and the error budget. */
export interface AvailabilityRow {
  availability_pct: number | null;
  target_pct: number;
  meets_target: boolean;
  error_budget_pct: number;
  budget_spent_pct: number;
  budget_remaining_pct: number;
}

/** v_caller_mix: one row per caller kind. */
export interface CallerMixRow {
  caller_kind: 'human' | 'automation' | 'assistant';
  requests: number;
  share_pct: number | null;
}

/** v_requests_daily: one row per day. */
export interface RequestsDailyRow {
  day: string;
  requests: number;
}

/** v_blast_board: the highest-blast targets. */
export interface BlastBoardRow {
  rank: number;
  target_type: 'key' | 'route' | 'function';
  target_id: string;
  label: string;
  score: number;
  is_high_blast: boolean;
  reason: string;
  href: string;
}

/** v_alerts: root-caused alerts. */
export interface AlertRow {
  alert_id: string;
  kind: string;
  severity: string;
  target_type: 'key' | 'route' | 'function' | 'consumer';
  target_id: string;
  label: string;
  cause: string;
  evidence: string;
  throttled_429: number | null;
  quota_burn_pct: number | null;
  blast_score: number | null;
  next_step: string;
  href: string;
  /** The target's own page (a throttle storm's is its consumer's). */
  target_href: string;
}

/** The what-if that answers an alert (v_alerts.what_if_kind) and its inputs; null where none applies. */
export interface AlertWhatIfColumns {
  what_if_kind: string | null;
  throttle_rpm: number | null;
  rotate_overlap_days: number | null;
  retire_sunset: string | null;
  change_error_pct: number | null;
}

/** An alert with the link to the what-if that answers it, filled in. */
export interface AlertWithWhatIf extends AlertRow {
  what_if_href: string;
}

/** The headline figures. */
export const overviewFigures = (db?: Workspace) =>
  runOne<OverviewFiguresRow>('overview', 'overview_figures', {}, db);
/** The error rate's status-class breakdown. */
export const errorRate = (db?: Workspace) => runOne<ErrorRateRow>('overview', 'error_rate', {}, db);
/** Availability and the error budget. */
export const availability = (db?: Workspace) => runOne<AvailabilityRow>('overview', 'availability', {}, db);
/** The caller mix. */
export const callerMix = (db?: Workspace) => runQuery<CallerMixRow>('overview', 'caller_mix', {}, db);
/** Requests per day over the period. */
export const requestsDaily = (db?: Workspace) =>
  runQuery<RequestsDailyRow>('overview', 'requests_daily', {}, db);
/** The blast board. */
export const blastBoard = (db?: Workspace) => runQuery<BlastBoardRow>('overview', 'blast_board', {}, db);
/** The root-caused alerts, each linking to the what-if that answers it, filled in. */
export async function alerts(db?: Workspace): Promise<AlertWithWhatIf[]> {
  const rows = await runQuery<AlertRow & AlertWhatIfColumns>('overview', 'alerts', {}, db);
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
