-- Callers of the API, each measured against its plan quota.
create table consumers (
  consumer_id   varchar primary key,          -- con_…
  name          varchar not null,             -- team or customer name
  consumer_type varchar not null,             -- team | customer
  plan          varchar not null references plans (plan),
  quota_requests_per_period bigint not null,  -- requests allowed over the simulated period
  primary_caller_kind varchar not null        -- human | automation | assistant: who mostly drives it
);
