/**
 * pino's `timestamp` as pino's own isoTime writes it (`,"time":"2026-11-24T10:00:00.000Z"`), made
 * once a millisecond: under load, many lines share a millisecond, and formatting a date is a large
 * share of what writing a line costs (docs/performance.md).
 */
export function isoTimeReusedWithinAMillisecond(now: () => number = Date.now): () => string {
  let madeAt = Number.NaN;
  // Never returned: no millisecond equals NaN, so the first call makes the field.
  // Stryker disable next-line StringLiteral: no test can tell this first value from another
  let field = '';
  return () => {
    const millisecond = now();
    if (millisecond !== madeAt) {
      madeAt = millisecond;
      field = `,"time":"${new Date(millisecond).toISOString()}"`;
    }
    return field;
  };
}
