-- Every route id, for the detail pages built ahead of time.
select route_id from v_route_stats order by route_id
