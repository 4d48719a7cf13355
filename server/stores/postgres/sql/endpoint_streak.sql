-- An endpoint's failing streak after an attempt: a success ($2 true) ends it, a failure at $3
-- starts it if none runs; returns since when it has been failing (null: it is not).
update webhook_endpoints
set failing_since = case when $2 then null else coalesce(failing_since, $3) end
where id = $1
returning failing_since
