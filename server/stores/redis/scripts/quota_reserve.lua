-- Reserves one order of a key's monthly plan quota (the semantics of QuotaCounter.tryReserve).
-- KEYS[1]: the key's counter for the month. ARGV[1]: orders the plan allows per month.
-- ARGV[2]: ms to keep the counter. ARGV[3]: '1' when a missing counter must first be seeded from
-- the order store (its orders this month), '0' when a missing counter means none yet.
-- Returns 1 (reserved), 0 (quota spent) or -1 (seed the counter, then ask again).
local count = redis.call('GET', KEYS[1])
if not count then
  if ARGV[3] == '1' then return -1 end
  count = 0
end
if tonumber(count) >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
