-- Every constant of the blast-radius score, alerts and previews, defined once (one row).
-- docs/decisions.md "Blast radius" explains each choice; tune here and nowhere else.
create or replace view v_blast_constants as
select
  -- score = environment_weight × (dependents + traffic + slow_callers + pending_change points);
  -- the four weights add up to 100, the most a production target can score
  25.0::DOUBLE  as dependents_weight,          -- points at saturation for consumers that depend on the target
  15.0::DOUBLE  as dependents_scale,           -- consumers: points = weight × (1 − exp(−dependents / scale))
  1.5::DOUBLE   as key_dependents_scale,       -- the same for a key: all holders must switch material in lockstep
  35.0::DOUBLE  as traffic_weight,             -- points at saturation for requests/day that would feel a change
  1000.0::DOUBLE as traffic_ref_per_day,       -- requests/day: points = weight × ln(1 + r/ref) / ln(1 + cap/ref)
  10.0::DOUBLE  as traffic_cap_hot_paths,      -- cap = this × thresholds.hot_path_requests_per_day (2M/day)
  20.0::DOUBLE  as slow_callers_weight,        -- points at saturation for automation and assistant dependents
  10.0::DOUBLE  as slow_callers_scale,         -- consumers: they adapt slower than people to a change
  20.0::DOUBLE  as pending_change_weight,      -- points at saturation when a change is already scheduled
  3.0::DOUBLE   as pending_change_scale,       -- consumers: a deprecated route or an expiring key they still use
  1.0::DOUBLE   as production_weight,          -- environment weights: production (prod) > staging > sandbox
  0.6::DOUBLE   as staging_weight,
  0.35::DOUBLE  as sandbox_weight,
  30::INTEGER    as expiring_soon_days,         -- a key expiring within this many days has a pending change
  10::INTEGER    as board_size,                 -- targets on the Overview's blast board
  -- alerts
  180::INTEGER   as rotation_lag_days,          -- days since last rotation (or creation) that make rotation lag
  1000::INTEGER  as throttle_storm_min_429,     -- throttled 429s over the period that make a throttle storm
  1.0::DOUBLE   as throttle_storm_min_pct,     -- or: % of a consumer's requests refused with 429
  25.0::DOUBLE  as p99_drift_pct,              -- a route's p99 rise, last 7 days vs the 7 before, that is drift
  7::INTEGER     as p99_drift_window_days,      -- days in each of the two windows compared for drift
  50::INTEGER    as p99_drift_min_samples,      -- sampled requests a window needs before its p99 counts
  50.0::DOUBLE  as cold_start_rise_pct,        -- relative rise of a function's cold-start share that explains drift
  30::INTEGER    as sunset_soon_days,           -- a deprecated route within this many days of sunset
  5.0::DOUBLE   as function_error_pct,         -- % of a function's invocations failing, and of its route's 5xx
  -- error-budget burn alerts (Google SRE workbook, multiwindow multi-burn-rate, against thresholds.availability_target_pct);
  -- a burn rate is the 5xx share over the share the target allows (1 spends the budget exactly over the period)
  14.4::DOUBLE  as fast_burn_rate,             -- pages: at this rate an hour spends 2% of a 30-day budget
  60::INTEGER    as fast_burn_long_minutes,     -- the window the fast burn is measured over
  5::INTEGER     as fast_burn_short_minutes,    -- the window that confirms it is still burning
  6.0::DOUBLE   as slow_burn_rate,             -- at this rate 6 hours spend 5% of a 30-day budget
  360::INTEGER   as slow_burn_long_minutes,
  30::INTEGER    as slow_burn_short_minutes,
  1.0::DOUBLE   as sustained_burn_rate,        -- at this rate the budget runs out exactly at the period's end
  4320::INTEGER  as sustained_burn_long_minutes, -- 3 days at 1× spend 10% of a 30-day budget (the workbook's ticket)
  360::INTEGER   as sustained_burn_short_minutes,
  5::INTEGER     as burn_min_sample_5xx,        -- sampled 5xx the long window needs before its rate is evidence
  5::INTEGER     as burn_step_minutes,          -- evaluation step and bucket: divides every window above
  -- function status rule (v_function_status): erroring at function_error_pct, else degraded at any of these
  1.0::DOUBLE   as degraded_error_pct,         -- % of invocations failing
  2500.0::DOUBLE as degraded_p99_ms,           -- ms, the period p99 (worst day) a function must stay under
  50000::INTEGER as busy_invocations_per_day,   -- a function this busy that starts cold_heavy_pct cold keeps restarting
  -- previews
  14::INTEGER    as rotation_overlap_days,      -- how long old and new key material both work after a rotation
  7::INTEGER     as rotation_overlap_min_days,  -- shorter than this (an expiry too close) is no usable overlap
  90::INTEGER    as retire_notice_days          -- sunset proposed for a route that is not yet deprecated
