/** The liveness and readiness probes' paths, outside /v1: orchestrators call them every few seconds. */
export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

const PROBE_PATHS: ReadonlySet<string> = new Set([LIVENESS_PATH, READINESS_PATH]);

/**
 * The level of a request's access line. A probe that was answered well is routine: at debug, so
 * that probes every few seconds do not fill the log (the request metrics count them all the same).
 * Every other request, and a probe that failed, is at info.
 */
export function accessLevelOf(path: string, status: number | undefined): 'info' | 'debug' {
  // No status: cut short before any response went out.
  return PROBE_PATHS.has(path) && (status ?? 500) < 400 ? 'debug' : 'info';
}
