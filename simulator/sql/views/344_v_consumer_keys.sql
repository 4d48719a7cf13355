-- A consumer's keys (consumer_keys_rollup): every key it holds or was seen using, its use by this
-- consumer, how many consumers hold it, and its blast score (a high-blast key is a rotation risk).
create or replace view v_consumer_keys as
select
  k.*,                                   -- consumer_keys_rollup: the key, its holders, this consumer's use
  s.score as blast_score,
  s.is_high_blast,
  s.is_rotation_risk
from consumer_keys_rollup k
left join v_blast_score s on s.target_type = 'key' and s.target_id = k.key_id
