/**
 * One request's token from one bucket, in one atomic step on the Redis server: the same bucket as this
 * process's TokenBuckets (up to `limit` tokens, `limit` a `windowMs` back), read and written at once so
 * that instances taking from it together never both take its last token. The clock is the server's
 * (TIME), so instances whose clocks differ still agree. The key expires when the bucket would be full
 * again: a full bucket and none are the same, so Redis holds only clients that are spending.
 *
 * KEYS[1] the bucket; ARGV[1] the limit, ARGV[2] the window in ms. Returns whether the token was taken
 * (1 or 0), the whole tokens left, the ms until full, and, when refused, the ms until one token.
 */
export const TAKE_TOKEN_SCRIPT = `
local limit = tonumber(ARGV[1])
local perMs = limit / tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local stored = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = limit
if stored[1] then
  tokens = math.min(limit, tonumber(stored[1]) + (now - tonumber(stored[2])) * perMs)
end
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
local untilFull = math.ceil((limit - tokens) / perMs)
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', now))
redis.call('PEXPIRE', KEYS[1], math.max(untilFull, 1))
local untilOne = 0
if taken == 0 then
  untilOne = math.ceil((1 - tokens) / perMs)
end
return { taken, math.floor(tokens), untilFull, untilOne }
`;
