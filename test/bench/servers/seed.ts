import { newPetOf, type NewPet, type PetStatus } from '../../../core/pet.js';
import { CPU_QUESTION, MEMORY_QUESTION, type ChildMessage } from '../ipc-messages.js';

export const BENCH_KEY = 'bench-key_0123456789';
const STATUSES: (PetStatus | undefined)[] = ['available', 'pending', 'sold', undefined];

/** The n-th seeded pet: every status, and pets without one, in turn. */
export function seedPet(index: number): NewPet {
  return newPetOf({ name: `Pet ${index}`, categoryId: index % 50, status: STATUSES[index % STATUSES.length] });
}

/** Tells the parent process where the server listens, once it is ready for load. */
export function announceReady(port: number, baselineRss?: number, otherPorts?: readonly number[]): void {
  const send = (message: ChildMessage) => process.send?.(message);
  send({ ready: { port, baselineRss, otherPorts } });
  // A normal exit on SIGINT lets `node --cpu-prof` write its profile.
  process.once('SIGINT', () => process.exit(0));
  // The parent asks for memory readings (scale bench) and CPU time (throughput bench) over IPC.
  process.on('message', (message) => {
    if (message === CPU_QUESTION) {
      const { user, system } = process.cpuUsage();
      send({ cpuMicros: user + system });
    } else if (message === MEMORY_QUESTION) {
      globalThis.gc?.();
      send({ rss: process.memoryUsage().rss });
    }
  });
}
