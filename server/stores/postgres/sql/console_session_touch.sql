-- Records a request on a session (the idle limit counts from the latest).
update console_sessions set last_seen_at_ms = greatest(last_seen_at_ms, $2) where session_hash_sha256 = $1
