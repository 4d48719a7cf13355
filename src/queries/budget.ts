// Queries of the budget view: the error budget over the period, the multi-window burn-rate rules
// and their alerts, and who burned it (the error-budget views of docs/interfaces.md B2).
import type { Workspace } from '../lib/db.ts';
import type { AvailabilityRow } from './overview.ts';
import { runOne, runQuery } from './sql-file.ts';

/** How many routes, functions and consumers the budget view names per dimension. */
export const budgetTop = 5;

/** The period's error budget in one row (v_availability with the daily totals). */
export interface BudgetSummaryRow extends AvailabilityRow {
  budget_requests: number;
  status_5xx: number;
  days_over_budget_pace: number;
  days: number;
}

/** One day of the error budget (v_budget_burn_daily), day as YYYY-MM-DD. */
export interface BudgetDayRow {
  day: string;
  requests: number;
  status_5xx: number;
  availability_pct: number | null;
  burn_rate: number | null;
  budget_spent_pct: number;
  cumulative_spent_pct: number;
  budget_remaining_pct: number;
}

/** A multi-window burn-rate rule over the period (v_budget_burn_rates, aggregated). */
export interface BurnRuleRow {
  rule: 'fast' | 'slow' | 'sustained';
  burn_rate_threshold: number;
  long_window_minutes: number;
  short_window_minutes: number;
  peak_long_burn_rate: number | null;
  firing_evaluations: number;
  evaluations: number;
}

/** An error-budget burn alert (v_alert_budget_burn); times as 'YYYY-MM-DD HH:MM:SS' UTC. */
export interface BurnAlertRow {
  alert_id: string;
  rule: 'fast' | 'slow' | 'sustained';
  severity: string;
  burn_rate_threshold: number;
  long_window_minutes: number;
  short_window_minutes: number;
  span_start: string;
  started_at: string;
  ended_at: string;
  /** 'measured … UTC, fired … UTC': the one label of its windows, as the Overview's alert says it. */
  window_label: string;
  peak_burn_rate: number;
  status_5xx: number;
  budget_spent_pct: number;
  sample_5xx: number;
  cause: string;
  next_step: string;
  href: string;
}

/** What the burn is attributed to. */
export type BurnDimension = 'route' | 'function' | 'consumer';

/** One route, function or consumer's part of an alert's sampled 5xx (v_alert_budget_burn_attribution). */
export interface BurnAlertShareRow {
  alert_id: string;
  dimension: BurnDimension;
  target_id: string;
  label: string;
  sample_5xx: number;
  share_pct: number;
  rank: number;
  href: string;
}

/** One route, function or consumer's part of the period's 5xx; the others together have null ids. */
export interface BudgetShareRow {
  dimension: BurnDimension;
  target_id: string | null;
  label: string | null;
  status_5xx: number;
  share_pct: number;
  budget_spent_pct: number;
  rank: number | null;
  href: string | null;
}

/** The period's error budget. */
export const budgetSummary = (db?: Workspace) => runOne<BudgetSummaryRow>('budget', 'budget_summary', {}, db);
/** The error budget day by day. */
export const budgetDaily = (db?: Workspace) => runQuery<BudgetDayRow>('budget', 'budget_daily', {}, db);
/** The burn-rate rules over the period. */
export const burnRules = (db?: Workspace) => runQuery<BurnRuleRow>('budget', 'burn_rules', {}, db);
/** The error-budget burn alerts, most severe first. */
export const burnAlerts = (db?: Workspace) => runQuery<BurnAlertRow>('budget', 'burn_alerts', {}, db);
/** The top routes, functions and consumers behind each burn alert. */
export const burnAlertShares = (db?: Workspace) =>
  runQuery<BurnAlertShareRow>('budget', 'burn_alert_attribution', { top: budgetTop }, db);
/** The top routes, functions and consumers behind the period's 5xx, and the others together. */
export const budgetShares = (db?: Workspace) =>
  runQuery<BudgetShareRow>('budget', 'budget_attribution', { top: budgetTop }, db);

/** Everything the budget view shows, each burn alert with its shares. */
export async function budgetScreen(db?: Workspace) {
  const shares = await burnAlertShares(db);
  return {
    summary: await budgetSummary(db),
    daily: await budgetDaily(db),
    rules: await burnRules(db),
    alerts: (await burnAlerts(db)).map((alert) => ({
      ...alert,
      shares: shares.filter((s) => s.alert_id === alert.alert_id),
    })),
    shares: await budgetShares(db),
  };
}
