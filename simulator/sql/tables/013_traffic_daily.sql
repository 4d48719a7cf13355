-- Daily traffic per route × consumer × key: the fact behind requests/day, error %, agent share.
-- Facts carry no foreign-key constraints (they would slow the appender); tests check integrity.
create table traffic_daily (
  day                 date    not null,
  route_id            varchar not null,
  consumer_id         varchar not null,
  key_id              varchar not null,
  requests            bigint  not null, -- all requests, every status
  requests_human      bigint  not null, -- by caller kind; the three add up to requests
  requests_automation bigint  not null,
  requests_assistant  bigint  not null,
  status_2xx          bigint  not null, -- by status class; the four add up to requests
  status_3xx          bigint  not null,
  status_4xx          bigint  not null, -- includes throttled_429
  status_5xx          bigint  not null,
  throttled_429       bigint  not null  -- responses refused for rpm or quota
);
