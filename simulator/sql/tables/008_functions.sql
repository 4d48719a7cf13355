-- Deployed functions; each backs one route (route_functions holds the full mapping).
create table functions (
  function_id varchar primary key,     -- fn_…
  name        varchar not null,
  runtime     varchar not null,        -- node | python | go | edge
  region      varchar not null,        -- e.g. us-east-1, eu-west-1, global-edge
  route_id    varchar not null references routes (route_id), -- the route this function backs
  status      varchar not null         -- healthy | degraded | erroring, as reported by the platform
);
