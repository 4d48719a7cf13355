-- One turn's requests in one round trip, run in the order they asked, each exactly as if it were
-- its own script. Each item counts one request in its key's one-minute window if the window has
-- room (a refused request is not counted: RateLimiter in src/api/orders/rate-limit.ts); a create
-- that is allowed also reserves one order of the key's monthly plan quota (as quota_reserve.lua).
-- A call that runs after its deadline (Redis was frozen or slow, and the server has already
-- answered its requests 503) counts nothing.
-- KEYS[2i-1]: item i's window counter. KEYS[2i]: its quota counter for the month (for a plain
-- request, the window counter again; unused).
-- ARGV[1]: '1' when a missing quota counter must first be seeded from the order store. ARGV[2]: the
-- deadline on Redis's clock, in ms ('0': none). Then per item, five values from ARGV[5i-2]: the rpm
-- budget, ms until the window's counter may go, '1' to reserve quota ('0' for a plain request),
-- orders the plan allows per month, ms to keep the quota counter.
-- Returns, per item, three numbers: allowed (1 or 0), requests counted in the window, and quota
-- (1 reserved, 0 spent, -1 not decided: seed first, -2 not asked); then Redis's clock in ms. Past
-- the deadline, only the clock.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local deadline = tonumber(ARGV[2])
if deadline > 0 and now > deadline then return { now } end
local reply = {}
for i = 1, #KEYS / 2 do
  local window, quota, at = KEYS[2 * i - 1], KEYS[2 * i], 5 * i - 2
  local allowed, used, reserved = 0, tonumber(redis.call('GET', window) or '0'), -2
  if used < tonumber(ARGV[at]) then
    allowed = 1
    used = redis.call('INCR', window)
    if used == 1 then redis.call('PEXPIRE', window, ARGV[at + 1]) end
    if ARGV[at + 2] == '1' then
      local count = redis.call('GET', quota)
      if not count and ARGV[1] == '1' then
        reserved = -1
      elseif tonumber(count or '0') >= tonumber(ARGV[at + 3]) then
        reserved = 0
      else
        redis.call('INCR', quota)
        if redis.call('PTTL', quota) < 0 then redis.call('PEXPIRE', quota, ARGV[at + 4]) end
        reserved = 1
      end
    end
  end
  reply[3 * i - 2], reply[3 * i - 1], reply[3 * i] = allowed, used, reserved
end
reply[#reply + 1] = now
return reply
