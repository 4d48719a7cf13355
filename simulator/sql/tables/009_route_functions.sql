-- Which functions serve each route (a route may fan out to several functions).
create table route_functions (
  route_id    varchar not null references routes (route_id),
  function_id varchar not null references functions (function_id),
  primary key (route_id, function_id)
);
