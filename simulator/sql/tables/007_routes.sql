-- Published routes, one row per method × path × stage.
create table routes (
  route_id       varchar primary key,  -- rt_…
  method         varchar not null,     -- GET | POST | PUT | PATCH | DELETE
  path           varchar not null,     -- /v2/orders/{order_id}
  api_version    varchar not null,     -- v1 | v2 | v3 (the path prefix)
  stage          varchar not null,     -- prod | sandbox | staging
  deprecated     boolean not null,
  deprecated_at  date,                 -- when deprecation was announced; null unless deprecated
  sunset_at      date,                 -- when it stops being served; null unless deprecated
  successor_route_id varchar references routes (route_id) -- the route that replaces it
);
