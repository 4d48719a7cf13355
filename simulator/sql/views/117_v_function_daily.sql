-- Function invocations per day (function_daily), counts cast for JSON.
create or replace view v_function_daily as
select
  day,
  function_id,
  invocations::DOUBLE as invocations,
  cold_starts::DOUBLE as cold_starts, -- invocations that started a new instance
  errors::DOUBLE as errors,           -- failed invocations
  p99_ms::DOUBLE as p99_ms            -- ms, that day's 99th-percentile duration
from function_daily;
