-- Function invocations per day.
-- Facts carry no foreign-key constraints (they would slow the appender); tests check integrity.
create table function_daily (
  day         date    not null,
  function_id varchar not null,
  invocations bigint  not null,
  cold_starts bigint  not null, -- invocations that started a new instance
  errors      bigint  not null, -- invocations that failed
  p99_ms      double  not null  -- 99th-percentile duration that day, milliseconds
);
