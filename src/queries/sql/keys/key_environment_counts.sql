-- Keys per environment, with how many are unused and how many are a rotation risk (high blast).
select
  k.environment,
  count(*)::INTEGER as keys,
  count(*) filter (where k.is_unused)::INTEGER as unused_keys,
  count(*) filter (where b.is_high_blast)::INTEGER as rotation_risk_keys
from v_key_stats k
join v_blast_score b on b.target_type = 'key' and b.target_id = k.key_id
group by k.environment
