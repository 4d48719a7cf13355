-- Every consumer's blast radius: its highest key blast score, the keys it holds or uses, and its
-- requests per day (v_consumer_stats).
select 'consumer' as target_type, consumer_id as target_id, top_key_blast_score::DOUBLE as score,
  keys::DOUBLE as dependents, requests_per_day::DOUBLE as requests_per_day
from v_consumer_stats
