-- Counts one request in a key's one-minute window if the window has room; a refused request is
-- not counted (the semantics of RateLimiter in src/api/orders/rate-limit.ts).
-- KEYS[1]: the window's counter. ARGV[1]: the rpm budget. ARGV[2]: ms until the counter may go.
-- Returns {allowed (1 or 0), requests counted in the window}.
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used < tonumber(ARGV[1]) then
  used = redis.call('INCR', KEYS[1])
  if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  return {1, used}
end
return {0, used}
