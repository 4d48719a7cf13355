-- A route's requests, errors and assistant requests per day of the period (zero on quiet days).
with days as (
  select d.day::DATE as day
  from v_period p
  cross join generate_series(p.period_start, p.period_end, interval 1 day) as d(day)
),
route_days as (
  select day, requests, errors, requests_assistant
  from v_route_requests_daily
  where route_id = $route_id
)
select
  strftime(days.day, '%Y-%m-%d') as day,
  coalesce(r.requests, 0)::DOUBLE as requests,
  coalesce(r.errors, 0)::DOUBLE as errors,
  coalesce(r.requests_assistant, 0)::DOUBLE as requests_assistant
from days
left join route_days r on r.day = days.day
order by days.day
