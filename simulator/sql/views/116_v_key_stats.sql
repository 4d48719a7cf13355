-- Every issued key with its use: days since last use (calendar days before as_of), the unused
-- label (never used, or unused_key_days or more), dependents and traffic over the period.
create or replace view v_key_stats as
with usage as (
  select
    key_id,
    sum(requests) as requests,
    count(distinct route_id) filter (where requests > 0) as routes
  from traffic_daily
  group by key_id
),
dependents as (
  select key_id, count(distinct consumer_id) as dependents
  from v_key_dependents
  group by key_id
),
measured as (
  select
    k.*,
    date_diff('day', k.last_used_at::DATE, p.as_of) as days_since_used,
    coalesce(u.requests, 0) / p.days as requests_per_day_exact,
    coalesce(u.routes, 0) as routes,
    coalesce(d.dependents, 0) as dependents
  from keys k
  cross join v_period p
  left join usage u on u.key_id = k.key_id
  left join dependents d on d.key_id = k.key_id
)
select
  m.key_id,
  m.name,
  m.environment,
  m.status,
  m.plan,
  m.rpm_budget,                                    -- requests/minute
  m.scopes,
  m.created_at,
  m.expires_at,
  m.rotated_at,
  m.last_used_at,
  m.key_prefix,
  m.key_last4,
  m.days_since_used::INTEGER as days_since_used,   -- calendar days from last use to as_of; null: never used
  coalesce(m.days_since_used >= t.unused_key_days, true) as is_unused, -- never used counts as unused
  m.dependents::INTEGER as dependents,             -- distinct consumers (v_key_dependents)
  m.requests_per_day_exact::DOUBLE as requests_per_day, -- mean over the period's days
  m.routes::INTEGER as routes                      -- distinct routes the key reached with traffic
from measured m
cross join thresholds t;
