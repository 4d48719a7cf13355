-- Held until the migrating transaction ends: workers that start together migrate one at a time.
select pg_advisory_xact_lock(hashtextextended('estate-console.migrations', 0))
