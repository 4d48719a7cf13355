-- Ends one session.
delete from console_sessions where session_hash_sha256 = $1
