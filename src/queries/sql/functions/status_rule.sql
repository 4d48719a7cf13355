-- The limits of the one function-status rule (v_function_status), for the sentence that states it.
select
  c.function_error_pct::DOUBLE as function_error_pct,           -- % failing: erroring from here
  c.degraded_error_pct::DOUBLE as degraded_error_pct,           -- % failing: degraded from here
  c.degraded_p99_ms::DOUBLE as degraded_p99_ms,                 -- worst-day p99: degraded from here
  c.busy_invocations_per_day::DOUBLE as busy_invocations_per_day,
  t.cold_heavy_pct::DOUBLE as cold_heavy_pct                    -- % cold when busy: degraded from here
from v_blast_constants c
cross join thresholds t
