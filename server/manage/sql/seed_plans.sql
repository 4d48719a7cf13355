-- Each plan's default rpm budget and monthly order quota (the period's quota: a month).
select plan, default_rpm_budget as rpm_budget, quota_requests_per_period::DOUBLE as quota_orders_per_month
from plans
