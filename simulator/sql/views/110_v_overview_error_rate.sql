-- The overview's error rate, strictly from the log sample, with the status-class breakdown.
-- Shares are of all sampled requests; null when the sample is empty.
create or replace view v_overview_error_rate as
with counts as (
  select
    count(*) as sample_requests,
    count(*) filter (where status between 200 and 299) as status_2xx,
    count(*) filter (where status between 300 and 399) as status_3xx,
    count(*) filter (where status between 400 and 499) as status_4xx,
    count(*) filter (where status between 500 and 599) as status_5xx
  from log_sample
)
select
  sample_requests::INTEGER as sample_requests, -- sampled requests, every status
  status_2xx::INTEGER as status_2xx,
  status_3xx::INTEGER as status_3xx,
  status_4xx::INTEGER as status_4xx,           -- 429 included
  status_5xx::INTEGER as status_5xx,
  round(status_2xx * 100.0 / nullif(sample_requests, 0), 2)::DOUBLE as pct_2xx,
  round(status_3xx * 100.0 / nullif(sample_requests, 0), 2)::DOUBLE as pct_3xx,
  round(status_4xx * 100.0 / nullif(sample_requests, 0), 2)::DOUBLE as pct_4xx,
  round(status_5xx * 100.0 / nullif(sample_requests, 0), 2)::DOUBLE as pct_5xx,
  round((status_4xx + status_5xx) * 100.0 / nullif(sample_requests, 0), 2)::DOUBLE as error_pct -- 4xx + 5xx share
from counts;
