/**
 * The settings of the metrics and rate limit A/B: both on, as by default, but with the limit out of
 * reach of the bench's one key, so that the load is measured and not refused (a bucket costs the
 * same whatever its limit); and both off.
 */
export const FEATURES_ON = { RATE_LIMIT: '1000000000', METRICS: 'on' };
export const FEATURES_OFF = { RATE_LIMIT: '0', METRICS: 'off' };
