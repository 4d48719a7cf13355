-- An endpoint's ($1) deliveries waiting (due or leased) and when the soonest is due.
select count(*)::int as waiting, min(due_at) as next_at
from webhook_deliveries
where endpoint_id = $1
