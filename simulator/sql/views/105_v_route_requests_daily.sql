-- Requests per route per day (traffic_daily), one row per route and day that saw traffic.
create or replace view v_route_requests_daily as
select
  day,
  route_id,
  sum(requests)::DOUBLE as requests,                      -- every status
  sum(status_4xx + status_5xx)::DOUBLE as errors,         -- 4xx + 5xx, 429s included
  sum(requests_assistant)::DOUBLE as requests_assistant   -- from assistant (AI agent) callers
from traffic_daily
group by day, route_id;
