-- The request log: every answer the API gave (docs/decisions.md, "Request log"), one row each,
-- appended in batches by every worker; the oldest rows are deleted past the configured cap. The
-- same fields as a line of the embedded log (RequestRecord in src/api/request-record.ts).
create table request_log (
  seq               bigserial   primary key,  -- the log's order: a page's cursor
  request_id        text        not null,     -- req_…, the Request-Id header
  time_ms           bigint      not null,     -- when the answer was sent, epoch ms
  method            text        not null,
  path              text        not null,     -- the request-target as sent, at most 512 characters
  route_id          text,                     -- the workspace route, when one matches
  status            smallint    not null,
  problem_type      text,                     -- slug of an error answer's problem type
  latency_ms        real        not null,
  key_id            text,                     -- the key the credential named, when known
  consumer_id       text,
  environment       text,
  livemode          boolean,
  caller_kind       text        not null,     -- human, automation or assistant, from User-Agent
  user_agent        text,
  idempotent_replay boolean     not null,
  order_id          text,
  response_headers  json        not null,     -- the notable headers sent (RateLimit, Retry-After, …)
  problem           json                      -- the problem body of an error answer
);

create index request_log_request_id on request_log (request_id);
create index request_log_key on request_log (key_id, seq desc) where key_id is not null;
create index request_log_route on request_log (route_id, seq desc) where route_id is not null;
create index request_log_time on request_log (time_ms);
