-- Opens one session.
insert into console_sessions (session_hash_sha256, operator_id, credential_hash, created_at_ms, last_seen_at_ms)
values ($1, $2, $3, $4, $5)
