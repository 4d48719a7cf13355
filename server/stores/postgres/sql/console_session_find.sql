-- One session by the hash of its id.
select session_hash_sha256, operator_id, credential_hash,
       created_at_ms::float8 as created_at_ms, last_seen_at_ms::float8 as last_seen_at_ms
from console_sessions
where session_hash_sha256 = $1
