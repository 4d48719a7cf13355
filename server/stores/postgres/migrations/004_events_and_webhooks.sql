-- Events and webhooks (docs/events.md). An order's `order.created` is its row: request_id is the
-- Request-Id of the create, so the event commits with the order. Other events (endpoint.disabled,
-- key.*) are rows of `events`. A delivery waiting to be sent is a row of webhook_deliveries,
-- inserted by the statement that inserts its event (the same transaction), claimed by one worker
-- at a time (FOR UPDATE SKIP LOCKED, then a lease), deleted once settled; every attempt is a row
-- of webhook_attempts.
alter table orders add column request_id text;  -- req_…; null for orders stored before events

create table events (
  id          text        primary key,  -- evt_…
  type        text        not null,
  created_at  timestamptz not null,
  environment text        not null,
  body        json        not null       -- the event as the API returns it
);
create index events_environment_created on events (environment, created_at desc, (id collate "C") desc);

create table webhook_endpoints (
  id             text        primary key,  -- we_…
  environment    text        not null,
  status         text        not null check (status in ('enabled', 'disabled')),
  enabled_events text[]      not null,     -- event types, or {*}
  created_at     timestamptz not null,
  failing_since  timestamptz,              -- first failed attempt since the last success
  body           json        not null      -- the endpoint as stored, secrets included
);

create table webhook_deliveries (
  event_id     text        not null,
  endpoint_id  text        not null,
  attempt      integer     not null default 1,  -- the next attempt's number
  due_at       timestamptz not null,
  locked_until timestamptz,                     -- a worker's lease while it sends
  primary key (event_id, endpoint_id)
);
create index webhook_deliveries_due on webhook_deliveries (due_at);

create table webhook_attempts (
  seq         bigserial   primary key,
  event_id    text        not null,
  endpoint_id text        not null,
  event_type  text        not null,
  environment text        not null,
  attempt     integer     not null,
  at          timestamptz not null,
  status      smallint,                 -- the HTTP status, null when none came
  error       text,
  latency_ms  real        not null,
  outcome     text        not null,     -- succeeded, retrying, failed, endpoint-disabled
  next_at     timestamptz
);
create index webhook_attempts_event on webhook_attempts (event_id);
create index webhook_attempts_endpoint on webhook_attempts (endpoint_id, seq desc);
