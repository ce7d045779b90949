/** What the bench (parent) and a server it started (child) say to each other over IPC: one home for both sides. */

/**
 * The child is listening and ready for load; `baselineRss` is its RSS before seeding, when it
 * measured one; `otherPorts` are where its other services listen, when it runs several (the A/B server).
 */
export interface ReadyMessage {
  readonly ready: {
    readonly port: number;
    readonly baselineRss?: number | undefined;
    readonly otherPorts?: readonly number[] | undefined;
  };
}

/** The parent asks for the child's RSS after a full GC (scale bench). */
export const MEMORY_QUESTION = 'memory';

export interface MemoryAnswer {
  readonly rss: number;
}

/** The parent asks for the CPU time the child has used so far (throughput bench: CPU per request). */
export const CPU_QUESTION = 'cpu';

export interface CpuAnswer {
  /** User and system time, in microseconds. */
  readonly cpuMicros: number;
}

export type ChildMessage = ReadyMessage | MemoryAnswer | CpuAnswer;

export function isReady(message: ChildMessage): message is ReadyMessage {
  return 'ready' in message;
}
