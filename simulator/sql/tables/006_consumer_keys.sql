-- Which keys each consumer uses (a key may be shared; a consumer may hold several).
create table consumer_keys (
  consumer_id varchar not null references consumers (consumer_id),
  key_id      varchar not null references keys (key_id),
  primary key (consumer_id, key_id)
);
