-- The log sample's status classes behind the error rate (one row).
select * from v_overview_error_rate
