-- The rotate-a-key what-if of every key (v_preview_rotate_key, the console's figures): a dry run
-- of a roll or a revoke shows who must switch, and how much traffic rides on the key.
select
  key_id, consumers_to_switch, requests_per_day::DOUBLE as requests_per_day, automation_consumers,
  assistant_consumers, human_consumers, routes_reached, overlap_window_days, blast_score::DOUBLE as blast_score
from v_preview_rotate_key
