import { accessLevelOf } from '../routing/probe-paths.js';
import type { HttpLogger } from './http-logger.js';
import { accessLogOf, type AccessEntry, type AccessLog } from './request-log.js';

/**
 * What the access line needs of a logger: whether a level is on, and, from the service's own logger
 * (createLogger's), a way to write a line whose fields are JSON text already, framed as its other lines.
 */
export interface AccessLineLogger extends HttpLogger {
  isLevelEnabled(level: 'info' | 'debug'): boolean;
  readonly writeJsonFields?: ((level: 'info' | 'debug', fields: string, message: string) => void) | undefined;
}

/**
 * The access line, its fields written as JSON text here and handed to the service's logger, which
 * writes the line straight to its destination in the very text pino writes for the same fields.
 * pino walks and checks any object it is given; one line of a known shape a request does not need
 * that, and writing it so saves enough of every request to keep it (measured against `logger.info`,
 * end to end: docs/performance.md, "Hand-made pieces"). Every other line is pino's, and so is the
 * access line of a logger that takes no JSON text (a host's own).
 */
export function jsonTextAccessLog(logger: AccessLineLogger): AccessLog {
  const { writeJsonFields } = logger;
  if (writeJsonFields === undefined) return accessLogOf(logger);
  return ({
    requestId,
    traceIds,
    clientAddress,
    keyDigest,
    method,
    path,
    status,
    durationMs,
    aborted,
    userAgent,
  }: AccessEntry) => {
    // The level may be changed while the service runs.
    const level = accessLevelOf(path, status);
    if (!logger.isLevelEnabled(level)) return;
    const statusField = status === undefined ? '' : `,"status":${String(status)}`;
    const traceFields =
      traceIds === undefined
        ? ''
        : `,"trace_id":${JSON.stringify(traceIds.trace_id)},"span_id":${JSON.stringify(traceIds.span_id)}`;
    const keyField = keyDigest === undefined ? '' : `,"keyDigest":${JSON.stringify(keyDigest)}`;
    const abortedField = aborted === true ? ',"aborted":true' : '';
    // The user agent is the client's to write: JSON.stringify escapes whatever it holds.
    const userAgentField = userAgent === undefined ? '' : `,"userAgent":${JSON.stringify(userAgent)}`;
    writeJsonFields(
      level,
      `,"requestId":${JSON.stringify(requestId)}${traceFields},"clientAddress":${JSON.stringify(clientAddress)}${keyField},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}${statusField},"durationMs":${String(durationMs)}${abortedField}${userAgentField}`,
      'request',
    );
  };
}
