-- Change-a-function what-if, one row per function (blast_change_rollup): routes served, their
-- traffic and agent share, and the consumers behind them.
create or replace view v_preview_change_function as
select * from blast_change_rollup
