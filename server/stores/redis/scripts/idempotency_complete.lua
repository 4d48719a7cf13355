-- Marks a claimed Idempotency-Key as done: later requests replay the order (IdempotencyStore.complete).
-- KEYS[1]: the record. ARGV[1]: order id. ARGV[2]: its creation (ms). ARGV[3]: ms to keep the record.
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'o', ARGV[1], 'c', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 0
