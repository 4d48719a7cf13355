-- Rotate-a-key what-if: the summary for one key (v_preview_rotate_key).
select
  key_id, label, environment, status, expires_at, consumers_to_switch, requests_per_day,
  automation_consumers, assistant_consumers, human_consumers, routes_reached, overlap_window_days,
  has_overlap_window, blast_score
from v_preview_rotate_key
where key_id = $key_id
