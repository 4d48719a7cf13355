-- A sample of individual requests (the overview's error rate, p99 and caller mix come from here).
-- Facts carry no foreign-key constraints (they would slow the appender); tests check integrity.
create table log_sample (
  ts          timestamp not null, -- when the request arrived (UTC)
  day         date      not null, -- ts's day, for partitioning
  route_id    varchar   not null,
  key_id      varchar   not null,
  consumer_id varchar   not null,
  caller_kind varchar   not null, -- human | automation | assistant
  user_agent  varchar   not null,
  status      smallint  not null, -- HTTP status code
  edge_ms     double    not null, -- time spent at the edge, milliseconds
  origin_ms   double    not null  -- time spent at the origin (functions), milliseconds
);
