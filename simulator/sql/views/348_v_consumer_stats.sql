-- The Consumers screen, one row per consumer: its plan and quota burn (v_consumer_quota), traffic,
-- 429s and errors over the period, keys (and the highest blast among them), routes, caller-kind
-- mix, and the alerts that name it.
create or replace view v_consumer_stats as
with traffic as (
  select
    consumer_id,
    sum(requests) as requests,
    sum(status_4xx + status_5xx) as errors,
    sum(status_5xx) as status_5xx,
    sum(requests_human) as human,
    sum(requests_automation) as automation,
    sum(requests_assistant) as assistant
  from traffic_daily
  group by all
),
keyed as (
  select
    consumer_id,
    count(*) as keys,
    count(*) filter (where status in ('active', 'expiring')) as active_keys,
    max(blast_score) as top_key_blast_score,
    count(*) filter (where is_high_blast) as high_blast_keys
  from v_consumer_keys
  group by all
),
routed as (
  select consumer_id, count(*) as routes from v_consumer_routes group by all
),
alerted as (
  select consumer_id, count(distinct alert_id) as alerts from v_alert_consumers group by all
)
select
  q.consumer_id,
  q.name,
  q.consumer_type,                                                  -- team | customer
  q.plan,
  q.primary_caller_kind,
  q.quota_requests_per_period,                                      -- requests allowed over the period
  q.used_requests,                                                  -- counted so far
  q.quota_burn_pct,                                                 -- % of the quota used
  t.quota_risk_pct::DOUBLE as quota_risk_pct,                       -- the at-risk line (80)
  q.is_at_risk,
  q.throttled_429,                                                  -- refused with 429, period
  (q.throttled_429 * 100.0 / nullif(tr.requests, 0))::DOUBLE as throttled_pct,
  coalesce(tr.requests, 0)::DOUBLE as requests_total,               -- every status, 429s included
  (coalesce(tr.requests, 0) / p.days)::DOUBLE as requests_per_day,
  (tr.errors * 100.0 / nullif(tr.requests, 0))::DOUBLE as error_pct, -- 4xx + 5xx
  coalesce(tr.status_5xx, 0)::DOUBLE as status_5xx,
  coalesce(k.keys, 0)::INTEGER as keys,                             -- held or used
  coalesce(k.active_keys, 0)::INTEGER as active_keys,               -- active or expiring
  coalesce(r.routes, 0)::INTEGER as routes,                         -- routes it calls
  k.top_key_blast_score,                                            -- null: no key
  coalesce(k.high_blast_keys, 0)::INTEGER as high_blast_keys,
  (tr.human * 100.0 / nullif(tr.requests, 0))::DOUBLE as human_share_pct,
  (tr.automation * 100.0 / nullif(tr.requests, 0))::DOUBLE as automation_share_pct,
  (tr.assistant * 100.0 / nullif(tr.requests, 0))::DOUBLE as assistant_share_pct,
  coalesce(a.alerts, 0)::INTEGER as alerts,                         -- alerts that name it
  '/app/api/consumers/' || q.consumer_id as href                    -- its page
from v_consumer_quota q
cross join thresholds t
cross join v_period p
left join traffic tr on tr.consumer_id = q.consumer_id
left join keyed k on k.consumer_id = q.consumer_id
left join routed r on r.consumer_id = q.consumer_id
left join alerted a on a.consumer_id = q.consumer_id
