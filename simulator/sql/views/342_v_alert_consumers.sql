-- The consumers each alert names (alert_consumers_rollup): alert, consumer, its name and page, and
-- why it is named: 'target' (throttle storm), 'holder' (rotation lag), 'caller' (sunset), 'burner'
-- (its requests failed in an error-budget burn).
create or replace view v_alert_consumers as
select alert_id, kind, consumer_id, name, role, href from alert_consumers_rollup
