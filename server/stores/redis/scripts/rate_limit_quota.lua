-- One create's limits in one round trip: counts the request in its key's one-minute window (as
-- rate_limit_hit.lua) and, when the window has room, reserves one order of the key's monthly plan
-- quota (as quota_reserve.lua). A refused request is not counted and reserves nothing.
-- KEYS[1]: the window's counter. KEYS[2]: the key's quota counter for the month.
-- ARGV[1]: the rpm budget. ARGV[2]: ms until the window's counter may go. ARGV[3]: orders the plan
-- allows per month. ARGV[4]: ms to keep the quota counter. ARGV[5]: '1' when a missing quota
-- counter must first be seeded from the order store, '0' when missing means none yet.
-- Returns {allowed (1 or 0), requests counted in the window, quota}: quota 1 reserved, 0 spent,
-- -1 not decided (the counter must be seeded first), -2 not asked (the request was refused).
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return {0, used, -2} end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local count = redis.call('GET', KEYS[2])
if not count then
  if ARGV[5] == '1' then return {1, used, -1} end
  count = 0
end
if tonumber(count) >= tonumber(ARGV[3]) then return {1, used, 0} end
redis.call('INCR', KEYS[2])
if redis.call('PTTL', KEYS[2]) < 0 then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
return {1, used, 1}
