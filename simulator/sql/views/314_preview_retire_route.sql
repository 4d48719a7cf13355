-- Retire-a-route what-if, one row per route (blast_retire_rollup): dependents still calling, their
-- traffic and agent share, functions left without a route, and the deprecation dates and successor.
create or replace view v_preview_retire_route as
select * from blast_retire_rollup
