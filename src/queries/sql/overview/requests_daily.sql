-- Requests per day over the period, for the trend chart.
select strftime(day, '%Y-%m-%d') as day, requests
from v_requests_daily
order by day
