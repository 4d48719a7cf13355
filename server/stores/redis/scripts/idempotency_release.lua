-- Releases a claim whose request failed, so a corrected retry may use the key (IdempotencyStore.release).
-- KEYS[1]: the record. ARGV[1] (optional): the claim's token: only that claim is released (a claim
-- answered too late, given back). Only an in-flight claim is released, never a completed order's record.
local r = redis.call('HMGET', KEYS[1], 'o', 't')
if r[1] == '' and (ARGV[1] == nil or r[2] == ARGV[1]) then redis.call('DEL', KEYS[1]) end
return 0
