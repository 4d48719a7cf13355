-- The overview's error rate, strictly from the log sample (via log_sample_counts), with the
-- status-class breakdown. Shares are of all sampled requests; null when the sample is empty.
create or replace view v_overview_error_rate as
with counts as (
  select
    coalesce(sum(requests), 0) as sample_requests,
    coalesce(sum(requests) filter (where status_class = 2), 0) as status_2xx,
    coalesce(sum(requests) filter (where status_class = 3), 0) as status_3xx,
    coalesce(sum(requests) filter (where status_class = 4), 0) as status_4xx,
    coalesce(sum(requests) filter (where status_class = 5), 0) as status_5xx
  from log_sample_counts
)
select
  sample_requests::INTEGER as sample_requests, -- sampled requests, every status
  status_2xx::INTEGER as status_2xx,
  status_3xx::INTEGER as status_3xx,
  status_4xx::INTEGER as status_4xx,           -- 429 included
  status_5xx::INTEGER as status_5xx,
  (status_2xx * 100.0 / nullif(sample_requests, 0))::DOUBLE as pct_2xx,
  (status_3xx * 100.0 / nullif(sample_requests, 0))::DOUBLE as pct_3xx,
  (status_4xx * 100.0 / nullif(sample_requests, 0))::DOUBLE as pct_4xx,
  (status_5xx * 100.0 / nullif(sample_requests, 0))::DOUBLE as pct_5xx,
  ((status_4xx + status_5xx) * 100.0 / nullif(sample_requests, 0))::DOUBLE as error_pct -- 4xx + 5xx share
from counts;
