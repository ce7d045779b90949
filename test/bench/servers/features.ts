/**
 * The configurations of the price list: every feature on, as by default, but with the rate limit
 * out of reach of the bench's one key, so that the load is measured and not refused (a bucket costs
 * the same whatever its limit); each feature off in turn; all off; and the defaults again, the control.
 */
export const DEFAULTS = { RATE_LIMIT: '1000000000', METRICS: 'on', LOG_LEVEL: 'info' };
export const PRICED_FEATURES = {
  metrics: { ...DEFAULTS, METRICS: 'off' },
  'access line': { ...DEFAULTS, LOG_LEVEL: 'warn' },
  'rate limit': { ...DEFAULTS, RATE_LIMIT: '0' },
} as const;
export const ALL_OFF = { RATE_LIMIT: '0', METRICS: 'off', LOG_LEVEL: 'warn' };
