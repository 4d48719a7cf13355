-- Every function id, for the detail pages built ahead of time.
select function_id from v_function_stats order by function_id
