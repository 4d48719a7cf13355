-- Whether the database answers (readiness probes).
select 1 as ok
