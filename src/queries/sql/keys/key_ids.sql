-- Every key id, for the detail pages built ahead of time.
select key_id from v_key_stats order by key_id
