-- Recorded per-minute demand per key and consumer, kept as a histogram per day: on `day`, the
-- consumer sent exactly `requests_per_minute` requests through the key in `minutes` minutes.
-- Replaying it against a proposed rpm budget predicts 429s exactly (the throttle what-if).
-- Facts carry no foreign-key constraints (they would slow the appender); tests check integrity.
create table key_demand_minute (
  day                 date    not null,
  key_id              varchar not null,
  consumer_id         varchar not null,
  requests_per_minute integer not null, -- demand in one minute
  minutes             integer not null, -- minutes of that day with that demand
  primary key (day, key_id, consumer_id, requests_per_minute)
);
