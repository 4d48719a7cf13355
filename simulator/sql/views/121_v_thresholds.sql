-- The spec's thresholds (one row), for queries and pages: they read this view, never the table.
-- Counts come back as DOUBLE (the table holds hot_path_requests_per_day as BIGINT).
create or replace view v_thresholds as
select * replace (hot_path_requests_per_day::DOUBLE as hot_path_requests_per_day)
from thresholds;
