import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built command, as package.json's `bin` names it (`npm test` builds it first). */
export const PETSTORE_BIN = 'dist/app/cli.js';

export interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `petstore <args>` as its own process, with only the given environment (and PATH). */
export function runPetstore(args: readonly string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return startPetstore(args, env).done;
}

/**
 * Starts `petstore <args>` as its own process, with only the given environment (and PATH):
 * the process, to signal, and what it printed once it is done. `onStderr` sees stderr as it comes.
 */
export function startPetstore(
  args: readonly string[],
  env: Record<string, string> = {},
  onStderr: (text: string) => void = () => undefined,
): { child: ChildProcess; done: Promise<CommandResult> } {
  // Memory storage unless a test says otherwise: no test shares a database file with another.
  const child = spawn(process.execPath, [PETSTORE_BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', STORAGE: 'memory', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    onStderr(chunk.toString());
  });
  const done = new Promise<CommandResult>((resolve) =>
    child.once('close', (code) => {
      resolve({ code, stdout, stderr });
    }),
  );
  return { child, done };
}
