// Queries of the Consumers screen and a consumer's detail page, all over the v_consumer_* views.
import type { Workspace } from '../node/db.ts';
import { runQuery } from './sql-file.ts';

/** One consumer of the Consumers screen (v_consumer_stats). */
export interface ConsumerStatsRow {
  consumer_id: string;
  name: string;
  consumer_type: string;
  plan: string;
  primary_caller_kind: string;
  quota_requests_per_period: number;
  used_requests: number;
  quota_burn_pct: number | null;
  quota_risk_pct: number;
  is_at_risk: boolean;
  throttled_429: number;
  throttled_pct: number | null;
  requests_total: number;
  requests_per_day: number;
  error_pct: number | null;
  status_5xx: number;
  keys: number;
  active_keys: number;
  routes: number;
  top_key_blast_score: number | null;
  high_blast_keys: number;
  human_share_pct: number | null;
  automation_share_pct: number | null;
  assistant_share_pct: number | null;
  alerts: number;
  is_throttled: boolean;
  href: string;
}

/** One day of a consumer's cumulative quota burn (v_consumer_burn_daily), day as YYYY-MM-DD. */
export interface ConsumerBurnDayRow {
  day: string;
  requests_counted: number;
  cumulative_requests: number;
  cumulative_burn_pct: number | null;
  even_pace_pct: number | null;
  threshold_pct: number;
  throttled_429: number;
  is_at_risk: boolean;
}

/** A key a consumer holds or uses, with its blast score (v_consumer_keys). */
export interface ConsumerKeyRow {
  key_id: string;
  name: string;
  environment: string;
  status: string;
  plan: string;
  rpm_budget: number;
  key_prefix: string;
  key_last4: string;
  last_used_at: string | null;
  is_unused: boolean;
  holders: number;
  requests_per_day: number;
  throttled_429: number;
  blast_score: number;
  is_high_blast: boolean;
  is_rotation_risk: boolean;
  href: string;
}

/** A route a consumer calls (v_consumer_routes). */
export interface ConsumerRouteRow {
  route_id: string;
  label: string;
  method: string;
  path: string;
  stage: string;
  deprecated: boolean;
  requests_per_day: number;
  error_pct: number | null;
  throttled_429: number;
  agent_share_pct: number | null;
  keys: number;
  href: string;
}

/** A consumer's requests of one caller kind (v_consumer_caller_mix). */
export interface ConsumerCallerMixRow {
  caller_kind: 'human' | 'automation' | 'assistant';
  requests: number;
  share_pct: number | null;
}

/** An alert that names a consumer, and the consumer's role in it (v_alert_consumers with v_alerts). */
export interface ConsumerAlertRow {
  alert_id: string;
  kind: string;
  severity: string;
  label: string;
  cause: string;
  role: 'target' | 'holder' | 'caller' | 'burner';
  href: string;
}

const by = (consumerId: string) => ({ consumer_id: consumerId });

/** Every consumer, highest quota burn first. */
export const consumerStatsRows = (db?: Workspace) =>
  runQuery<ConsumerStatsRow>('consumers', 'consumer_rows', {}, db);
/** Every consumer id (for getStaticPaths). */
export const consumerIds = async (db?: Workspace) => (await consumerStatsRows(db)).map((c) => c.consumer_id);
/** One consumer, or undefined when there is no such consumer. */
export const consumerDetail = async (consumerId: string, db?: Workspace) =>
  (await consumerStatsRows(db)).find((c) => c.consumer_id === consumerId);
/** A consumer's cumulative quota burn per day. */
export const consumerBurnDaily = (consumerId: string, db?: Workspace) =>
  runQuery<ConsumerBurnDayRow>('consumers', 'consumer_burn_daily', by(consumerId), db);
/** The keys a consumer holds or uses, highest blast first. */
export const consumerKeys = (consumerId: string, db?: Workspace) =>
  runQuery<ConsumerKeyRow>('consumers', 'consumer_keys', by(consumerId), db);
/** The routes a consumer calls, busiest first. */
export const consumerRoutes = (consumerId: string, db?: Workspace) =>
  runQuery<ConsumerRouteRow>('consumers', 'consumer_routes', by(consumerId), db);
/** A consumer's caller-kind mix. */
export const consumerCallerMix = (consumerId: string, db?: Workspace) =>
  runQuery<ConsumerCallerMixRow>('consumers', 'consumer_caller_mix', by(consumerId), db);
/** The alerts that name a consumer, most severe first. */
export const consumerAlerts = (consumerId: string, db?: Workspace) =>
  runQuery<ConsumerAlertRow>('consumers', 'consumer_alerts', by(consumerId), db);

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
