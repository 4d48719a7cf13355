// Queries of the Consumers screen and a consumer's detail page, all over the v_consumer_* views.
import type { Workspace } from '../node/db.ts';
import { runQuery } from './sql-file.ts';
import { z } from 'zod';

const consumerStatsRow = z.object({
  consumer_id: z.string(),
  name: z.string(),
  consumer_type: z.string(),
  plan: z.string(),
  primary_caller_kind: z.string(),
  quota_requests_per_period: z.number(),
  used_requests: z.number(),
  quota_burn_pct: z.number().nullable(),
  quota_risk_pct: z.number(),
  is_at_risk: z.boolean(),
  throttled_429: z.number(),
  throttled_pct: z.number().nullable(),
  requests_total: z.number(),
  requests_per_day: z.number(),
  error_pct: z.number().nullable(),
  status_5xx: z.number(),
  keys: z.number(),
  active_keys: z.number(),
  routes: z.number(),
  top_key_blast_score: z.number().nullable(),
  high_blast_keys: z.number(),
  human_share_pct: z.number().nullable(),
  automation_share_pct: z.number().nullable(),
  assistant_share_pct: z.number().nullable(),
  alerts: z.number(),
  is_throttled: z.boolean(),
  href: z.string(),
});
/** One consumer of the Consumers screen (v_consumer_stats). */
export type ConsumerStatsRow = z.infer<typeof consumerStatsRow>;

const consumerBurnDayRow = z.object({
  day: z.string(),
  requests_counted: z.number(),
  cumulative_requests: z.number(),
  cumulative_burn_pct: z.number().nullable(),
  even_pace_pct: z.number().nullable(),
  threshold_pct: z.number(),
  throttled_429: z.number(),
  is_at_risk: z.boolean(),
});
/** One day of a consumer's cumulative quota burn (v_consumer_burn_daily), day as YYYY-MM-DD. */
export type ConsumerBurnDayRow = z.infer<typeof consumerBurnDayRow>;

const consumerKeyRow = z.object({
  key_id: z.string(),
  name: z.string(),
  environment: z.string(),
  status: z.string(),
  plan: z.string(),
  rpm_budget: z.number(),
  key_prefix: z.string(),
  key_last4: z.string(),
  last_used_at: z.string().nullable(),
  is_unused: z.boolean(),
  holders: z.number(),
  requests_per_day: z.number(),
  throttled_429: z.number(),
  blast_score: z.number(),
  is_high_blast: z.boolean(),
  is_rotation_risk: z.boolean(),
  href: z.string(),
});
/** A key a consumer holds or uses, with its blast score (v_consumer_keys). */
export type ConsumerKeyRow = z.infer<typeof consumerKeyRow>;

const consumerRouteRow = z.object({
  route_id: z.string(),
  label: z.string(),
  method: z.string(),
  path: z.string(),
  stage: z.string(),
  deprecated: z.boolean(),
  requests_per_day: z.number(),
  error_pct: z.number().nullable(),
  throttled_429: z.number(),
  agent_share_pct: z.number().nullable(),
  keys: z.number(),
  href: z.string(),
});
/** A route a consumer calls (v_consumer_routes). */
export type ConsumerRouteRow = z.infer<typeof consumerRouteRow>;

const consumerCallerMixRow = z.object({
  caller_kind: z.enum(['human', 'automation', 'assistant']),
  requests: z.number(),
  share_pct: z.number().nullable(),
});
/** A consumer's requests of one caller kind (v_consumer_caller_mix). */
export type ConsumerCallerMixRow = z.infer<typeof consumerCallerMixRow>;

const consumerAlertRow = z.object({
  alert_id: z.string(),
  kind: z.string(),
  severity: z.string(),
  label: z.string(),
  cause: z.string(),
  role: z.enum(['target', 'holder', 'caller', 'burner']),
  href: z.string(),
});
/** An alert that names a consumer, and the consumer's role in it (v_alert_consumers with v_alerts). */
export type ConsumerAlertRow = z.infer<typeof consumerAlertRow>;

const by = (consumerId: string) => ({ consumer_id: consumerId });

/** Every consumer, highest quota burn first. */
export const consumerStatsRows = (db?: Workspace) =>
  runQuery(consumerStatsRow, 'consumers', 'consumer_rows', {}, db);
/** Every consumer id (for getStaticPaths). */
export const consumerIds = async (db?: Workspace) => (await consumerStatsRows(db)).map((c) => c.consumer_id);
/** One consumer, or undefined when there is no such consumer. */
export const consumerDetail = async (consumerId: string, db?: Workspace) =>
  (await consumerStatsRows(db)).find((c) => c.consumer_id === consumerId);
/** A consumer's cumulative quota burn per day. */
export const consumerBurnDaily = (consumerId: string, db?: Workspace) =>
  runQuery(consumerBurnDayRow, 'consumers', 'consumer_burn_daily', by(consumerId), db);
/** The keys a consumer holds or uses, highest blast first. */
export const consumerKeys = (consumerId: string, db?: Workspace) =>
  runQuery(consumerKeyRow, 'consumers', 'consumer_keys', by(consumerId), db);
/** The routes a consumer calls, busiest first. */
export const consumerRoutes = (consumerId: string, db?: Workspace) =>
  runQuery(consumerRouteRow, 'consumers', 'consumer_routes', by(consumerId), db);
/** A consumer's caller-kind mix. */
export const consumerCallerMix = (consumerId: string, db?: Workspace) =>
  runQuery(consumerCallerMixRow, 'consumers', 'consumer_caller_mix', by(consumerId), db);
/** The alerts that name a consumer, most severe first. */
export const consumerAlerts = (consumerId: string, db?: Workspace) =>
  runQuery(consumerAlertRow, 'consumers', 'consumer_alerts', by(consumerId), db);

/** Everything a consumer's detail page shows; undefined when there is no such consumer. */
export async function consumerDetailScreen(consumerId: string, db?: Workspace) {
  const consumer = await consumerDetail(consumerId, db);
  if (!consumer) return undefined;
  return {
    consumer,
    burn: await consumerBurnDaily(consumerId, db),
    keys: await consumerKeys(consumerId, db),
    routes: await consumerRoutes(consumerId, db),
    callerMix: await consumerCallerMix(consumerId, db),
    alerts: await consumerAlerts(consumerId, db),
  };
}
