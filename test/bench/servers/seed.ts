import { newPetOf, type NewPet, type PetStatus } from '../../../core/pet.js';
import { MEMORY_QUESTION, type ChildMessage } from '../ipc-messages.js';

export const BENCH_KEY = 'bench-key_0123456789';
const STATUSES: (PetStatus | undefined)[] = ['available', 'pending', 'sold', undefined];

/** The n-th seeded pet: every status, and pets without one, in turn. */
export function seedPet(index: number): NewPet {
  return newPetOf({ name: `Pet ${index}`, categoryId: index % 50, status: STATUSES[index % STATUSES.length] });
}

/** Tells the parent process where the server listens, once it is ready for load. */
export function announceReady(port: number, baselineRss?: number): void {
  const send = (message: ChildMessage) => process.send?.(message);
  send({ ready: { port, baselineRss } });
  // A normal exit on SIGINT lets `node --cpu-prof` write its profile.
  process.once('SIGINT', () => process.exit(0));
  // The parent asks for memory readings over IPC (scale bench).
  process.on('message', (message) => {
    if (message !== MEMORY_QUESTION) return;
    globalThis.gc?.();
    send({ rss: process.memoryUsage().rss });
  });
}
