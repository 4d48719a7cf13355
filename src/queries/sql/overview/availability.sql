-- Availability against the target, with the error budget (one row).
select * from v_availability
