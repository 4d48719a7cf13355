-- Quota burn per consumer per day: requests counted against the plan quota, and the running total.
-- Facts carry no foreign-key constraints (they would slow the appender); tests check integrity.
create table quota_daily (
  day                 date    not null,
  consumer_id         varchar not null,
  requests_counted    bigint  not null, -- requests counted against quota that day
  cumulative_requests bigint  not null  -- counted since period_start, through this day
);
