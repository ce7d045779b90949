import { pino, type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { isoTimeReusedWithinAMillisecond } from './iso-time.js';
import { linesWrittenInBatches } from './lines-in-batches.js';

/**
 * One JSON object a line. Authorization headers are redacted wherever they appear,
 * as a second line of defence behind never logging them in the first place.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'petstore' },
      timestamp: isoTimeReusedWithinAMillisecond(),
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    },
    destination ?? stdoutWrittenInTheBackground(),
  );
}

/**
 * Written in the background, as pino recommends for servers: a slow log collector slows the logs,
 * not the API. Queued lines are written at exit, a crash included; a SIGKILL can lose them.
 */
function stdoutWrittenInTheBackground(): DestinationStream {
  return linesWrittenInBatches(pino.destination({ dest: 1, sync: false }));
}
