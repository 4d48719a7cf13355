-- Restores the record of an order found in the order store; the newest order for a key wins
-- (IdempotencyStore.restore). KEYS[1]: the record. ARGV[1]: fingerprint. ARGV[2]: order id.
-- ARGV[3]: its creation (ms). ARGV[4]: ms to keep the record.
local c = redis.call('HGET', KEYS[1], 'c')
if not c or tonumber(c) <= tonumber(ARGV[3]) then
  redis.call('HSET', KEYS[1], 'f', ARGV[1], 'o', ARGV[2], 'c', ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
return 0
