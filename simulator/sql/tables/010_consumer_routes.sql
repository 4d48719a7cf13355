-- Which routes each consumer calls, through which key.
create table consumer_routes (
  consumer_id varchar not null references consumers (consumer_id),
  route_id    varchar not null references routes (route_id),
  key_id      varchar not null references keys (key_id),
  primary key (consumer_id, route_id, key_id)
);
