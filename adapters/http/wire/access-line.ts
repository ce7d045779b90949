import { pino, type DestinationStream, type Logger } from 'pino';
import type { AccessEntry, AccessLog } from './request-log.js';
import { accessLevelOf } from './probe-paths.js';

/** pino's own parts of a logger: where it writes, its time field, and its bound fields (`,"service":"petstore"`). */
interface PinoParts {
  stream: DestinationStream;
  time: () => string;
  bindings: string;
}

function partsOf(logger: Logger): PinoParts {
  const parts = logger as unknown as Record<symbol, unknown>;
  return {
    stream: parts[pino.symbols.streamSym] as DestinationStream,
    time: parts[pino.symbols.timeSym] as () => string,
    bindings: parts[pino.symbols.chindingsSym] as string,
  };
}

/**
 * The access line, written straight to the logger's stream in the very text pino writes for it
 * (`createLogger`'s level label, time and bindings, then the fields in order). pino walks and
 * checks any object it is given; one line of a known shape a request does not need that, and
 * writing it so saves enough of every request to keep it (measured against `logger.info`, end to
 * end: docs/performance.md, "Hand-made pieces"). Every other line is pino's.
 */
export function accessLineOf(logger: Logger): AccessLog {
  const { stream, time, bindings } = partsOf(logger);
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
    stream.write(
      `{"level":"${level}"${time()}${bindings},"requestId":${JSON.stringify(requestId)}${traceFields},"clientAddress":${JSON.stringify(clientAddress)}${keyField},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}${statusField},"durationMs":${String(durationMs)}${abortedField}${userAgentField},"msg":"request"}\n`,
    );
  };
}
