-- Claims an Idempotency-Key for a request (the semantics of IdempotencyStore.claim in
-- src/api/orders/idempotency.ts). A record is a hash: f (body fingerprint), o (order id, '' while
-- the first request is in flight) and c (ms of the order's creation, or of the claim).
-- KEYS[1]: the record. ARGV[1]: fingerprint. ARGV[2]: now (ms). ARGV[3]: the replay window (ms).
-- ARGV[4]: ms an in-flight claim lives (a process that died mid-request cannot hold the key longer).
-- ARGV[5]: the deadline on Redis's clock, in ms ('0': none): run later (Redis was frozen, and the
-- server has answered the request 503), the script claims nothing. ARGV[6]: the claim's token (t),
-- by which a claim answered too late is given back (idempotency_release.lua).
-- Returns {'new'}, {'in-flight'}, {'mismatch'}, {'replay', order id} or {'late'}, then Redis's
-- clock in ms.
local time = redis.call('TIME')
local clock = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local deadline = tonumber(ARGV[5])
if deadline > 0 and clock > deadline then return {'late', clock} end
local r = redis.call('HMGET', KEYS[1], 'f', 'o', 'c')
if r[1] and (r[2] == '' or tonumber(ARGV[2]) - tonumber(r[3]) < tonumber(ARGV[3])) then
  if r[1] ~= ARGV[1] then return {'mismatch', clock} end
  if r[2] == '' then return {'in-flight', clock} end
  return {'replay', r[2], clock}
end
redis.call('HSET', KEYS[1], 'f', ARGV[1], 'o', '', 'c', ARGV[2], 't', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {'new', clock}
