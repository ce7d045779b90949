import type { DestinationStream } from 'pino';

/** A destination that can be flushed before the process exits (pino's SonicBoom is one). */
export interface FlushableDestination extends DestinationStream {
  flushSync(): void;
}

/** How long a line may wait for others to join it: a log reader sees it this late at most. */
export const BATCH_INTERVAL_MS = 10;
/** Lines held at most before they are written, whatever the time: the memory held stays small. */
export const MAX_LINES_HELD = 1000;

/**
 * Hands the lines of the last few milliseconds to `destination` as one write. Each write of pino's
 * background destination is a hand-over to a worker thread and back, which on a busy CPU costs more
 * than the line itself (docs/performance.md); SonicBoom, given one line at a time while a write is
 * under way, also measures its whole growing buffer again for each line.
 */
class LinesInBatches implements DestinationStream {
  private pending: string[] = [];

  constructor(private readonly destination: FlushableDestination) {}

  write(line: string): void {
    const held = this.pending.push(line);
    if (held >= MAX_LINES_HELD) this.writePending();
    // The timer holds the process open until the batch is handed over: a process that ends by
    // running out of work writes its last lines as it wrote the others, and waits for them.
    else if (held === 1)
      setTimeout(() => {
        this.writePending();
      }, BATCH_INTERVAL_MS);
  }

  /** At `process.exit`, with no turn to come: the lines still pending, written and flushed at once. */
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
const holders = new Set<WeakRef<LinesInBatches>>();
const forget = new FinalizationRegistry<WeakRef<LinesInBatches>>((holder) => holders.delete(holder));
let exitHooked = false;

/** How many destinations the exit hook looks after: one collected is no longer among them. */
export function destinationsLookedAfter(): number {
  return holders.size;
}

/** `destination`, written in batches; lines still pending when the process is made to exit are written then. */
export function linesWrittenInBatches(destination: FlushableDestination): DestinationStream {
  const lines = new LinesInBatches(destination);
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
