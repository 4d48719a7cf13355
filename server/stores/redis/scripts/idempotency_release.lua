-- Releases a claim whose request failed, so a corrected retry may use the key (IdempotencyStore.release).
-- KEYS[1]: the record. Only an in-flight claim is released, never a completed order's record.
if redis.call('HGET', KEYS[1], 'o') == '' then redis.call('DEL', KEYS[1]) end
return 0
