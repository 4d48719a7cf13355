-- The deliveries of a claimed batch that succeeded, in one round trip, one array element each (an
-- attempt's columns, attemptRow in postgres-rows.ts, then the lease): their attempts recorded, their
-- endpoints' failing streaks ended (written only when one runs, so a healthy endpoint's row is not
-- rewritten per delivery), and each delivery settled by the worker whose lease still holds it (as
-- delivery_settled: a resend asked meanwhile released the lease, and stays).
with done as (
  select *
  from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::timestamptz[],
              $7::smallint[], $8::text[], $9::real[], $10::text[], $11::timestamptz[], $12::timestamptz[])
    as d (event_id, endpoint_id, event_type, environment, attempt, at, status, error, latency_ms, outcome, next_at, lease)
), attempt as (
  insert into webhook_attempts (event_id, endpoint_id, event_type, environment, attempt, at, status, error, latency_ms, outcome, next_at)
  select event_id, endpoint_id, event_type, environment, attempt, at, status, error, latency_ms, outcome, next_at
  from done
), failing as (
  -- locked in id order: two workers ending the same streaks cannot deadlock
  select id from webhook_endpoints
  where id in (select endpoint_id from done) and failing_since is not null
  order by id
  for update
), streak as (
  update webhook_endpoints e set failing_since = null from failing where e.id = failing.id
)
delete from webhook_deliveries w
using done
where w.event_id = done.event_id and w.endpoint_id = done.endpoint_id and w.locked_until = done.lease
