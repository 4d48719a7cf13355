-- Each plan's monthly order quota (the period's quota: the workspace covers a month).
select plan, quota_requests_per_period::DOUBLE as quota from plans
