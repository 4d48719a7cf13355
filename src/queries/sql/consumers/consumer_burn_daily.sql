-- One consumer's cumulative quota burn per day of the period, with the even pace and the 80% line.
select
  strftime(day, '%Y-%m-%d') as day,
  requests_counted,
  cumulative_requests,
  cumulative_burn_pct,
  even_pace_pct,
  threshold_pct,
  throttled_429,
  is_at_risk
from v_consumer_burn_daily
where consumer_id = $consumer_id
order by day
