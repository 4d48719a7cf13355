-- The Overview's headline figures (one row).
select * from v_overview
