import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuPinning {
  /** The CPU every bench server runs on. */
  readonly serverCpu: number;
  /** The CPU this process, and so its load generator, runs on. */
  readonly loadGeneratorCpu: number;
}

/**
 * Keeps the load generator and the server under load on CPUs of their own (Linux `taskset`).
 * Unpinned, the scheduler moves both about, and the same build measured twice on this VM
 * differed by up to 2x in CPU per request; pinned, most rounds agree within a few per cent,
 * though a busy neighbour on the VM still slows whole rounds (hence medians of rounds).
 * Undefined, and nothing pinned, where there are fewer than two CPUs or no taskset.
 */
export function pinLoadGeneratorApartFromServers(): CpuPinning | undefined {
  if (process.platform !== 'linux' || availableParallelism() < 2) return undefined;
  const pinning = { serverCpu: 0, loadGeneratorCpu: 1 };
  try {
    // -a: every thread of this process, libuv's pool included.
    execFileSync('taskset', ['-a', '-c', '-p', String(pinning.loadGeneratorCpu), String(process.pid)], {
      stdio: 'ignore',
    });
    return pinning;
  } catch {
    return undefined;
  }
}
