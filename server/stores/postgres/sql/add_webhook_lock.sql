-- Held until the transaction ends: one new webhook endpoint of an environment ($1) at a time, so
-- that its count and its insert are one step and no environment passes its limit.
select pg_advisory_xact_lock(hashtextextended('estate-console.webhook-endpoints ' || $1, 0))
