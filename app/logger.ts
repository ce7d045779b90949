import { pino, type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './config.js';

/**
 * One JSON object a line. Authorization headers are redacted wherever they appear,
 * as a second line of defence behind never logging them in the first place.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'petstore' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    },
    destination ?? stdoutWrittenInTheBackground(),
  );
}

/**
 * Lines go to stdout through a buffer written in the background, as pino recommends for
 * servers: a request never waits on a write to the log pipe, and a slow log collector slows
 * the logs, not the API. Under load, lines queue while a write is under way and go out together.
 * pino writes what is queued when the process exits, a crash included; a SIGKILL can lose the
 * lines still queued.
 */
function stdoutWrittenInTheBackground(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
