-- Rotate-a-key what-if, one row per key (blast_rotate_rollup): consumers that must switch, their
-- requests/day and kinds, routes reached, and the overlap window.
create or replace view v_preview_rotate_key as
select * from blast_rotate_rollup
