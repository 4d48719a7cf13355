-- Each consumer's requests by caller kind over the period (traffic_daily: every request, not the
-- sample); always three rows per consumer, zero when a kind is absent.
create or replace view v_consumer_caller_mix as
with kinds(caller_kind, sort_order) as (
  values ('human', 1), ('automation', 2), ('assistant', 3)
),
traffic as (
  select
    consumer_id,
    sum(requests) as requests,
    sum(requests_human) as human,
    sum(requests_automation) as automation,
    sum(requests_assistant) as assistant
  from traffic_daily
  group by all
),
mixed as (
  select
    c.consumer_id,
    k.caller_kind,
    k.sort_order,
    coalesce(case k.caller_kind when 'human' then t.human when 'automation' then t.automation
      else t.assistant end, 0) as requests,
    t.requests as total
  from consumers c
  cross join kinds k
  left join traffic t on t.consumer_id = c.consumer_id
)
select
  consumer_id,
  caller_kind,                                                     -- human | automation | assistant
  requests::DOUBLE as requests,                                    -- over the period
  (requests * 100.0 / nullif(total, 0))::DOUBLE as share_pct, -- % of the consumer's requests
  sort_order::INTEGER as sort_order
from mixed
