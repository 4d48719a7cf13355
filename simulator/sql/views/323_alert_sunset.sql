-- Sunset with dependents: a deprecated route within sunset_soon_days of its sunset (or past it)
-- that consumers still call.
create or replace view v_alert_sunset as
select
  r.route_id as target_id,
  r.label,
  format('deprecated route sunsets on {} ({} days) while {} still call{} it',
    r.sunset_at, date_diff('day', p.as_of, r.sunset_at),
    case when r.dependents_calling = 1 then '1 consumer' else r.dependents_calling || ' consumers' end,
    case when r.dependents_calling = 1 then 's' else '' end) as cause,
  format('{:,} requests/day, {}% from assistants, from {} to {}; successor {}',
    round(r.requests_per_day)::BIGINT, round(r.agent_share_pct, 1), p.period_start, p.period_end,
    coalesce(r.successor_label, 'none')) as evidence,
  format('Contact the {} caller{} listed in the retire preview and move them to {} before {}.',
    r.dependents_calling, case when r.dependents_calling = 1 then '' else 's' end,
    coalesce(r.successor_label, 'a successor'), r.sunset_at) as next_step
from v_preview_retire_route r
cross join v_period p
cross join v_blast_constants c
where r.deprecated
  and r.dependents_calling > 0
  and date_diff('day', p.as_of, r.sunset_at) <= c.sunset_soon_days
