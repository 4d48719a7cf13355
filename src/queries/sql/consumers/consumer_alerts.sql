-- The alerts that name one consumer (as a throttle target, key holder, caller or burner).
select
  a.alert_id,
  a.kind,
  a.severity,
  a.label,
  a.cause,
  c.role,
  a.href
from v_alert_consumers c
join v_alerts a using (alert_id)
where c.consumer_id = $consumer_id
order by case a.severity when 'critical' then 0 when 'warning' then 1 else 2 end, a.alert_id
