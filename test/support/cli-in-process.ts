import type { PetRepository, PetRestore } from '../../core/ports.js';
import { useCasesOver as everyUseCaseOver, type UseCases } from '../../core/use-cases/use-cases.js';
import { InMemoryIdempotencyStore } from '../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { runCli } from '../../adapters/cli/run-cli.js';
import type { CliOutput } from '../../adapters/cli/cli-program.js';
import { commandsOf, inertProgram } from '../../scripts/command-list.js';
import type { Interrupts } from '../../adapters/cli/interrupted.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** The use cases over one catalogue, wired as the container wires them. */
export function useCasesOver(pets: PetRepository & PetRestore): UseCases {
  // The command line adds no pet once by a key: the store is there because every use case is made.
  const idempotency = new InMemoryIdempotencyStore({ ttlMs: 60_000, leaseMs: 1_000, maxKeysPerClient: 1 });
  const storage = { pets, idempotency };
  return everyUseCaseOver({ inUse: storage, opened: storage });
}

/** Interrupts that come only when the test aborts `interruption`. */
export function interruptsFrom(interruption: AbortSignal = new AbortController().signal): () => Interrupts {
  return () => ({ signal: interruption, release: () => undefined });
}

/** For commands that never serve: `serve` fails, and the version is a test's own. */
export const NO_SERVICE = {
  service: { run: () => Promise.reject(new Error('this test serves nothing')), settings: () => [] },
  version: '0.0.0-test',
} as const;

/**
 * The command line over one catalogue (in memory unless given), for as many commands as a test
 * runs: one process, as memory storage means. stdout and stderr are collected as text.
 */
/** Every command of the program as a user names it (`pets list`), `serve` aside: it answers its help from settings. */
export function everyCommand(): string[][] {
  return commandsOf(inertProgram())
    .filter(([words]) => words[0] !== 'serve')
    .map(([words]) => [...words]);
}

export function cliOver(
  pets: PetRepository & PetRestore = new InMemoryPetRepository(),
  output: Partial<Pick<CliOutput, 'pipe' | 'errTerminal'>> = {},
  interruption?: AbortSignal,
): (...args: string[]) => Promise<CliRun> {
  const useCases = useCasesOver(pets);
  return async (...args) => {
    let out = '';
    let err = '';
    const code = await runCli(
      args,
      {
        useCase: (name) => Promise.resolve(useCases[name]),
        newApiKey: () => ({ key: 'the-key', digest: 'the-digest' }),
        watchInterrupts: interruptsFrom(interruption),
        ...NO_SERVICE,
      },
      {
        out: (text) => (out += text),
        err: (text) => (err += text),
        pipe: async (chunks) => {
          for await (const chunk of chunks) out += chunk;
        },
        ...output,
      },
    );
    return { code, out, err };
  };
}
