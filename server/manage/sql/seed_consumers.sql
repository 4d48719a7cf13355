-- Every consumer's plan and quota (requests over the simulated period).
select consumer_id, name, plan, quota_requests_per_period::DOUBLE as quota_requests_per_period
from consumers
order by consumer_id
