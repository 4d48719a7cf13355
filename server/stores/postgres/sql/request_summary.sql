-- Requests since $1 (epoch ms) by status class, and their nearest-rank p99 latency.
select
  count(*)::int as requests,
  count(*) filter (where status < 300)::int as c2,
  count(*) filter (where status >= 300 and status < 400)::int as c3,
  count(*) filter (where status >= 400 and status < 500)::int as c4,
  count(*) filter (where status >= 500)::int as c5,
  percentile_disc(0.99) within group (order by latency_ms) as p99_ms
from request_log
where time_ms >= $1
