/** What the bench (parent) and a server it started (child) say to each other over IPC: one home for both sides. */

/** The child is listening and ready for load; `baselineRss` is its RSS before seeding, when it measured one. */
export interface ReadyMessage {
  readonly ready: { readonly port: number; readonly baselineRss?: number | undefined };
}

/** The parent asks for the child's RSS after a full GC (scale bench). */
export const MEMORY_QUESTION = 'memory';

export interface MemoryAnswer {
  readonly rss: number;
}

export type ChildMessage = ReadyMessage | MemoryAnswer;

export function isReady(message: ChildMessage): message is ReadyMessage {
  return 'ready' in message;
}
