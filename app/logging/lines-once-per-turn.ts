import type { DestinationStream } from 'pino';

/** A destination that can be flushed before the process exits (pino's SonicBoom is one). */
export interface FlushableDestination extends DestinationStream {
  flushSync(): void;
}

/**
 * Hands the lines of one event-loop turn to `destination` as one write. SonicBoom, given one line
 * at a time while a write is under way, measures its whole growing buffer again for each line;
 * given a turn's lines at once, it does so once a turn. Lines still held at exit are written then.
 */
export function linesWrittenOncePerTurn(destination: FlushableDestination): DestinationStream {
  let held: string[] = [];
  const writeHeld = () => {
    const lines = held;
    held = [];
    if (lines.length > 0) destination.write(lines.join(''));
  };
  process.once('exit', () => {
    if (held.length === 0) return;
    writeHeld();
    destination.flushSync();
  });
  return {
    write(line: string) {
      if (held.push(line) === 1) setImmediate(writeHeld);
    },
  };
}
