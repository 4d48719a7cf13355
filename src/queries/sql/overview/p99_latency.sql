-- p99 latency of the log sample: edge, origin and their per-request sum (one row).
select * from v_overview_p99
