-- A function's invocations, cold starts, errors and p99 per day of the period.
select strftime(day, '%Y-%m-%d') as day, invocations, cold_starts, errors, p99_ms
from v_function_daily
where function_id = $function_id
order by day
