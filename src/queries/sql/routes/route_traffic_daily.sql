-- A route's requests, errors and assistant requests per day of the period (zero on quiet days).
select
  strftime(p.day, '%Y-%m-%d') as day,
  coalesce(t.requests, 0)::DOUBLE as requests,
  coalesce(t.errors, 0)::DOUBLE as errors,
  coalesce(t.requests_assistant, 0)::DOUBLE as requests_assistant
from v_requests_daily p
left join v_route_requests_daily t on t.day = p.day and t.route_id = $route_id
order by p.day
