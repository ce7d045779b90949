import type { DestinationStream } from 'pino';

/** A destination that can be flushed before the process exits (pino's SonicBoom is one). */
export interface FlushableDestination extends DestinationStream {
  flushSync(): void;
}

/**
 * Hands the lines of one event-loop turn to `destination` as one write. SonicBoom, given one line
 * at a time while a write is under way, measures its whole growing buffer again for each line;
 * given a turn's lines at once, it does so once a turn.
 */
class LinesOncePerTurn implements DestinationStream {
  private pending: string[] = [];

  constructor(private readonly destination: FlushableDestination) {}

  write(line: string): void {
    if (this.pending.push(line) === 1) setImmediate(() => {
      this.writePending();
    });
  }

  /** At exit, with no turn to come: the lines still pending, written and flushed at once. */
  writeNow(): void {
    if (this.pending.length === 0) return;
    this.writePending();
    this.destination.flushSync();
  }

  private writePending(): void {
    const lines = this.pending;
    this.pending = [];
    if (lines.length > 0) this.destination.write(lines.join(''));
  }
}

/** Every destination that may hold lines, for one exit hook in all; a destination collected is forgotten. */
const holders = new Set<WeakRef<LinesOncePerTurn>>();
const forget = new FinalizationRegistry<WeakRef<LinesOncePerTurn>>((holder) => holders.delete(holder));
let exitHooked = false;

/** `destination`, written once a turn; lines still pending when the process exits are written then. */
export function linesWrittenOncePerTurn(destination: FlushableDestination): DestinationStream {
  const lines = new LinesOncePerTurn(destination);
  const holder = new WeakRef(lines);
  holders.add(holder);
  forget.register(lines, holder);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const each of holders) each.deref()?.writeNow();
    });
  }
  return lines;
}
