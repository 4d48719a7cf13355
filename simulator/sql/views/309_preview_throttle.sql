-- Throttle what-if: preview_throttle(target_id, rpm) replays the recorded per-minute demand of a
-- key (key_…) or a consumer (con_…) against a proposed rpm budget. A minute with demand d over the
-- budget refuses d − rpm requests with 429, so predicted 429s/day = Σ minutes × max(0, d − rpm) ÷
-- days. The budget applies to each consumer's stream through a key (the histogram does not record
-- which consumers' minutes coincide): exact for a key with one consumer, a lower bound otherwise.
-- One row per consumer × key it applies to; src/what-if/throttle/outcome.ts is the same
-- formula for the page (tests check they agree). Reads blast_demand_rollup (minutes summed by day).
-- A target that is neither a key nor a consumer is an error that names it, not an empty answer.
create or replace macro preview_throttle(target_id, rpm) as table
with known as (
  select case when exists (select 1 from keys where key_id = target_id)
      or exists (select 1 from consumers where consumer_id = target_id) then true
    else error(format('preview_throttle: no key or consumer {}', target_id)) end as is_known
)
select
  d.consumer_id,
  d.key_id,
  con.name,
  con.primary_caller_kind,
  sum(d.requests_per_minute::BIGINT * d.minutes)::DOUBLE / any_value(w.days) as requests_per_day,
  sum(greatest(0, d.requests_per_minute - rpm)::BIGINT * d.minutes)::DOUBLE / any_value(w.days)
    as throttled_per_day,
  coalesce(sum(d.minutes) filter (where d.requests_per_minute > rpm), 0)::DOUBLE / any_value(w.days)
    as minutes_over_per_day,
  100 * sum(greatest(0, d.requests_per_minute - rpm)::BIGINT * d.minutes)::DOUBLE
    / nullif(sum(d.requests_per_minute::BIGINT * d.minutes), 0)::DOUBLE as throttled_pct
from blast_demand_rollup d
cross join workspace w
join consumers con on con.consumer_id = d.consumer_id
join known k on k.is_known
where d.key_id = target_id or d.consumer_id = target_id
group by all;

-- preview_throttle_total(target_id, rpm): the headline, predicted 429s per day over every stream of
-- the target (one row; 0 without recorded demand), like totalThrottledPerDay in src/what-if/throttle/outcome.ts.
create or replace macro preview_throttle_total(target_id, rpm) as table
with known as (
  select case when exists (select 1 from keys where key_id = target_id)
      or exists (select 1 from consumers where consumer_id = target_id) then true
    else error(format('preview_throttle_total: no key or consumer {}', target_id)) end as is_known
)
-- One row even without recorded demand (an aggregate without groups); only inner joins, so the
-- macro also runs correlated (per alert row in a subquery).
select
  case when (select is_known from known) then coalesce(
    sum(greatest(0, d.requests_per_minute - rpm)::BIGINT * d.minutes)::DOUBLE / any_value(w.days),
    0
  ) end::DOUBLE as throttled_per_day
from blast_demand_rollup d
cross join workspace w
where d.key_id = target_id or d.consumer_id = target_id;
