-- Sampled requests counted per day × route × caller kind × status class, computed ONCE when the
-- views are applied, so the overview's error rate and caller mix read a few thousand rows instead
-- of scanning the whole log sample per query. A table, not a view: rows inserted into log_sample
-- after the views are applied are not in it.
create or replace table log_sample_counts as
select
  day,
  route_id,
  caller_kind,                                    -- human | automation | assistant
  (status // 100)::INTEGER as status_class,       -- 2 for 2xx … 5 for 5xx (HTTP status / 100)
  count(*)::INTEGER as requests                   -- sampled requests
from log_sample
group by day, route_id, caller_kind, status // 100;
