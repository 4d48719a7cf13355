-- Every key in the log: its requests and last use.
select key_id, count(*)::int as requests, max(time_ms)::double precision as last_used_ms
from request_log
where key_id is not null
group by key_id
