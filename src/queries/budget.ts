// Queries of the budget view: the error budget over the period, the multi-window burn-rate rules
// and their alerts, and who burned it (the error-budget views of docs/interfaces.md B2).
import type { Workspace } from '../node/db.ts';
import { availabilityRow } from './overview.ts';
import { runOne, runQuery } from './sql-file.ts';
import { z } from 'zod';

/** How many routes, functions and consumers the budget view names per dimension. */
export const budgetTop = 5;

const budgetSummaryRow = availabilityRow.extend({
  budget_requests: z.number(),
  status_5xx: z.number(),
  days_over_budget_pace: z.number(),
  days: z.number(),
});
/** The period's error budget in one row (v_availability with the daily totals). */
export type BudgetSummaryRow = z.infer<typeof budgetSummaryRow>;

const budgetDayRow = z.object({
  day: z.string(),
  requests: z.number(),
  status_5xx: z.number(),
  availability_pct: z.number().nullable(),
  burn_rate: z.number().nullable(),
  budget_spent_pct: z.number(),
  cumulative_spent_pct: z.number(),
  budget_remaining_pct: z.number(),
});
/** One day of the error budget (v_budget_burn_daily), day as YYYY-MM-DD. */
export type BudgetDayRow = z.infer<typeof budgetDayRow>;

const burnRuleRow = z.object({
  rule: z.enum(['fast', 'slow', 'sustained']),
  burn_rate_threshold: z.number(),
  long_window_minutes: z.number(),
  short_window_minutes: z.number(),
  peak_long_burn_rate: z.number().nullable(),
  firing_evaluations: z.number(),
  evaluations: z.number(),
});
/** A multi-window burn-rate rule over the period (v_budget_burn_rates, aggregated). */
export type BurnRuleRow = z.infer<typeof burnRuleRow>;

const burnAlertRow = z.object({
  alert_id: z.string(),
  rule: z.enum(['fast', 'slow', 'sustained']),
  severity: z.string(),
  burn_rate_threshold: z.number(),
  long_window_minutes: z.number(),
  short_window_minutes: z.number(),
  span_start: z.string(),
  started_at: z.string(),
  ended_at: z.string(),
  /** 'measured … UTC, fired … UTC': the one label of its windows, as the Overview's alert says it. */
  window_label: z.string(),
  peak_burn_rate: z.number(),
  status_5xx: z.number(),
  budget_spent_pct: z.number(),
  sample_5xx: z.number(),
  cause: z.string(),
  next_step: z.string(),
  href: z.string(),
});
/** An error-budget burn alert (v_alert_budget_burn); times as 'YYYY-MM-DD HH:MM:SS' UTC. */
export type BurnAlertRow = z.infer<typeof burnAlertRow>;

const burnDimension = z.enum(['route', 'function', 'consumer']);
/** What the burn is attributed to. */
export type BurnDimension = z.infer<typeof burnDimension>;

const burnAlertShareRow = z.object({
  alert_id: z.string(),
  dimension: burnDimension,
  target_id: z.string(),
  label: z.string(),
  sample_5xx: z.number(),
  share_pct: z.number(),
  rank: z.number(),
  href: z.string(),
});
/** One route, function or consumer's part of an alert's sampled 5xx (v_alert_budget_burn_attribution). */
export type BurnAlertShareRow = z.infer<typeof burnAlertShareRow>;

const budgetShareRow = z.object({
  dimension: burnDimension,
  target_id: z.string().nullable(),
  label: z.string().nullable(),
  status_5xx: z.number(),
  share_pct: z.number(),
  budget_spent_pct: z.number(),
  rank: z.number().nullable(),
  href: z.string().nullable(),
});
/** One route, function or consumer's part of the period's 5xx; the others together have null ids. */
export type BudgetShareRow = z.infer<typeof budgetShareRow>;

/** The period's error budget. */
export const budgetSummary = (db?: Workspace) => runOne(budgetSummaryRow, 'budget', 'budget_summary', {}, db);
/** The error budget day by day. */
export const budgetDaily = (db?: Workspace) => runQuery(budgetDayRow, 'budget', 'budget_daily', {}, db);
/** The burn-rate rules over the period. */
export const burnRules = (db?: Workspace) => runQuery(burnRuleRow, 'budget', 'burn_rules', {}, db);
/** The error-budget burn alerts, most severe first. */
export const burnAlerts = (db?: Workspace) => runQuery(burnAlertRow, 'budget', 'burn_alerts', {}, db);
/** The top routes, functions and consumers behind each burn alert. */
export const burnAlertShares = (db?: Workspace) =>
  runQuery(burnAlertShareRow, 'budget', 'burn_alert_attribution', { top: budgetTop }, db);
/** The top `top` routes, functions and consumers behind the period's 5xx, and the others together. */
export const budgetShares = (db?: Workspace, top = budgetTop) =>
  runQuery(budgetShareRow, 'budget', 'budget_attribution', { top }, db);

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
