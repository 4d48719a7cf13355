-- Route 5xx traced to a failing function: a function whose invocations failed function_error_pct %
-- or more over the period, backing a route that answered that share or more with 5xx. The target
-- is the function (the cause); the evidence names its route's 5xx.
create or replace view v_alert_function_errors as
with c as (select * from v_blast_constants),
route_5xx as (
  select route_id, sum(status_5xx) as status_5xx, sum(requests) as requests
  from traffic_daily
  group by all
)
select
  f.function_id as target_id,
  f.name as label,
  format('invocations of {} fail ({}%), surfacing as 5xx on {}', f.name, round(f.error_pct, 1),
    r.method || ' ' || r.path) as cause,
  format('{:,} of {:,} invocations failed ({}%); {} answered {:,} 5xx ({}% of {:,} requests) from {} to {}',
    f.errors::BIGINT, f.invocations::BIGINT, round(f.error_pct, 2), r.method || ' ' || r.path,
    t.status_5xx::BIGINT, round(100 * t.status_5xx / t.requests, 2), t.requests::BIGINT, p.period_start,
    p.period_end) as evidence,
  format('Roll back or fix {}; its change preview lists the consumers behind {}.', f.name,
    r.method || ' ' || r.path) as next_step
from v_function_stats f
join routes r on r.route_id = f.route_id
join route_5xx t on t.route_id = f.route_id
cross join v_period p
cross join c
where f.error_pct >= c.function_error_pct
  and t.requests > 0 and 100 * t.status_5xx / t.requests >= c.function_error_pct
