-- Rotation lag: an active or expiring key not rotated (or, never rotated, created) for
-- rotation_lag_days or more, with consumers still calling it, none of whom holds a second active
-- key of that environment: all of them still use this one key material.
create or replace view v_alert_rotation_lag as
with c as (select * from v_blast_constants),
aged as (
  select
    k.key_id,
    k.name,
    k.environment,
    k.rotated_at,
    k.created_at,
    date_diff('day', coalesce(k.rotated_at, k.created_at)::DATE, p.as_of) as days_since_rotation
  from keys k
  cross join v_period p
  cross join c
  where k.status in ('active', 'expiring')
    and date_diff('day', coalesce(k.rotated_at, k.created_at)::DATE, p.as_of) >= c.rotation_lag_days
),
users as (
  select
    key_id,
    count(*) filter (where requests_per_day > 0)::INTEGER as consumers_calling,
    sum(requests_per_day) as requests_per_day,
    max(other_active_keys) as most_other_keys
  from v_preview_rotate_key_consumers
  group by all
)
select
  a.key_id as target_id,
  a.name as label,
  format(
    '{} key {} since {} ({} days); every consumer still uses this one key material',
    a.environment,
    case when a.rotated_at is null then 'never rotated' else 'not rotated' end,
    strftime(coalesce(a.rotated_at, a.created_at), '%Y-%m-%d'),
    a.days_since_rotation
  ) as cause,
  format(
    '{} consumer{} at {:,} requests/day ({} to {}) hold no other active {} key; rotation lag threshold {} days',
    u.consumers_calling,
    case when u.consumers_calling = 1 then '' else 's' end,
    round(u.requests_per_day)::BIGINT,
    p.period_start,
    p.period_end,
    a.environment,
    c.rotation_lag_days
  ) as evidence,
  'Preview the rotation, issue a second key, let consumers switch inside the overlap window, then revoke this one.'
    as next_step
from aged a
join users u on u.key_id = a.key_id
cross join v_period p
cross join c
where u.consumers_calling > 0 and u.most_other_keys = 0
