-- Which workspace keys the issued-keys file's lines are about: $pairs is "key_id:sha256" pairs,
-- comma-separated, one per line's credential. A line counts only for the credential it was written
-- for (a workspace simulated again gives its keys new hashes). Only key ids leave this query.
select k.key_id
from keys k
where k.key_id || ':' || k.key_hash_sha256 in (select unnest(string_split($pairs, ',')))
order by k.key_id
