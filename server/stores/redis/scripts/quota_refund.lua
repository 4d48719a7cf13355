-- Gives back a reservation whose order was not created, never below zero (QuotaCounter.refund).
-- KEYS[1]: the key's counter for the month.
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
