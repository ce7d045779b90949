import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { controlsEscaped } from './escaped-controls.js';
import { isoTimeReusedWithinAMillisecond } from './iso-time.js';
import { linesWrittenInBatches } from './lines-in-batches.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** JSON lines for a collector, or lines a person reads (pino-pretty, a dependency: no download at run time). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The file descriptor the service's lines go to. */
const STDOUT = 1;

/** What every line says beside its own fields: the service that wrote it. */
const BASE = { service: 'petstore' } as const;

/**
 * pino's logger, and a way to write a line whose fields are JSON text already (the HTTP access
 * line): framed as pino frames its own lines (the level by name, the time, the service, then the
 * fields and the message), straight to the destination, without pino walking an object for it.
 */
export type ServiceLogger = Logger & {
  /** `fields`: `,"name":value` pairs in JSON. The caller checks the level first, making the fields only if it is on. */
  readonly writeJsonFields: (level: Level, fields: string, message: string) => void;
};

/**
 * One JSON object a line, or with LOG_FORMAT=pretty the same lines made readable. Authorization
 * headers are redacted wherever they appear, as a second line of defence behind never logging them
 * in the first place. No control character reaches a line raw, whatever a client sent: C0 is escaped
 * by JSON, DEL and C1 as well (escaped-controls.ts). `destination`: a stream given the JSON lines, or a
 * file descriptor written in `logFormat` (stdout unless another is given).
 */
export function createLogger(
  config: { readonly logLevel: LogLevel; readonly logFormat?: LogFormat },
  destination: DestinationStream | number = STDOUT,
): ServiceLogger {
  const stream =
    typeof destination === 'number' ? inTheFormat(config.logFormat, destination) : controlsEscaped(destination);
  const time = isoTimeReusedWithinAMillisecond();
  const logger = pino(
    {
      level: config.logLevel,
      base: BASE,
      timestamp: time,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    },
    stream,
  );
  const bindings = Object.entries(BASE).reduce(
    (text, [name, value]) => `${text},${JSON.stringify(name)}:${JSON.stringify(value)}`,
    '',
  );
  return Object.assign(logger, {
    writeJsonFields: (level: Level, fields: string, message: string) => {
      stream.write(`{"level":"${level}"${time()}${bindings}${fields},"msg":${JSON.stringify(message)}}\n`);
    },
  });
}

/** File descriptor `fd`, written readable or in JSON lines. */
function inTheFormat(logFormat: LogFormat | undefined, fd: number): DestinationStream {
  return logFormat === 'pretty' ? prettyOn(fd) : controlsEscaped(writtenInTheBackground(fd));
}

/**
 * pino-pretty turns each JSON line into one a person reads, written to `fd` as it comes: for a
 * terminal or a person's log, where a line's cost matters less. It is loaded only when asked for.
 * Its lines are escaped as they leave it: it reads the JSON escapes back into the characters.
 */
function prettyOn(fd: number): DestinationStream {
  const { prettyFactory } = loadPinoPretty();
  // One line an event, coloured on a terminal; `service` is always petstore.
  const prettify = prettyFactory({ colorize: isatty(fd), singleLine: true, ignore: 'service' });
  const terminal = controlsEscaped(pino.destination({ dest: fd, sync: true }));
  return {
    write: (line: string) => {
      terminal.write(prettify(line));
    },
  };
}

/** What a host that asks for LOG_FORMAT=pretty without pino-pretty installed is told. */
export const PRETTY_NEEDS_ITS_PACKAGE = 'LOG_FORMAT=pretty needs the package pino-pretty: install it';

/** Where pino-pretty is looked for: beside this package, then beside the program that runs. */
const PRETTY_PLACES = [import.meta.url, ...process.argv.slice(1, 2)];

/**
 * pino-pretty, an optional peer of this package: the first found from `places` (modules' URLs or programs'
 * paths). A global install keeps each package apart, and there the petstore command, which depends on
 * pino-pretty, holds it.
 */
export function loadPinoPretty(places: readonly string[] = PRETTY_PLACES): typeof PinoPretty {
  for (const place of places) {
    try {
      return createRequire(realpathOf(place))('pino-pretty') as typeof PinoPretty;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  throw new Error(PRETTY_NEEDS_ITS_PACKAGE);
}

/** Where `place` (a module's URL or a program's path) really is: a command on PATH is a link to it. */
function realpathOf(place: string): string {
  try {
    return realpathSync(place.startsWith('file:') ? fileURLToPath(place) : place);
  } catch {
    return place;
  }
}

/**
 * Written in the background, as pino recommends for servers: a slow log collector slows the logs,
 * not the API. Queued lines are written at exit, a crash included; a SIGKILL can lose them.
 */
function writtenInTheBackground(fd: number): DestinationStream {
  return linesWrittenInBatches(pino.destination({ dest: fd, sync: false }));
}
