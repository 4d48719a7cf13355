-- Plans and what they grant (our decision; the spec leaves rpm budgets and quota sizes open).
create table plans (
  plan                    varchar primary key, -- Internal | Sandbox | Growth | Enterprise
  default_rpm_budget      integer not null,    -- requests/minute a new key of this plan gets
  quota_requests_per_period bigint not null    -- requests a consumer may make over the simulated period
);
