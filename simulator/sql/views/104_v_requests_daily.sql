-- Requests per simulated day over all routes (traffic_daily); a day with no traffic reads 0.
create or replace view v_requests_daily as
with daily as (
  select day, sum(requests) as requests
  from traffic_daily
  group by day
)
select
  d.day::DATE as day,
  coalesce(daily.requests, 0)::DOUBLE as requests -- requests that day, every status
from v_period p
cross join generate_series(p.period_start, p.period_end, interval 1 day) as d(day)
left join daily on daily.day = d.day::DATE;
