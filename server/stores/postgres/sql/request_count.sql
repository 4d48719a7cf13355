-- How many log rows match the request filter: its conditions (server/request-log/filter.ts, one
-- definition for both logs) take the place marked below, their values bound from $1 on.
select count(*)::int as matched
from request_log
where {request_filter}
