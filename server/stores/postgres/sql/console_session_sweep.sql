-- Deletes every session idle since before $1 or opened before $2 (epoch ms).
delete from console_sessions where last_seen_at_ms < $1 or created_at_ms < $2
