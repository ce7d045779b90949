// `petstore`: the command line, a second host for the core, and the service's own start (`serve`).
// The same configuration (STORAGE, PORT, ...) and the same composition root for both.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Container } from 'inversify';
import { sha256 } from '../adapters/auth/static-key-authenticator.js';
import type { CliUseCases } from '../adapters/cli/cli-program.js';
import { EXIT_ON_SIGNAL, type InterruptSignal, type Interrupts } from '../adapters/cli/interrupted.js';
import { runCli } from '../adapters/cli/run-cli.js';
import { newApiKey } from './api-keys.js';
import { ConfigError, loadConfig } from './config.js';
import { onStopSignals, tracingAsked } from './process-host.js';
import { settingsHelp } from './settings-help.js';
import { projectManifest } from './project-manifest.js';
import { TOKENS, from } from './tokens.js';
import type { Tracing } from './tracing/start-tracing.js';

let container: Container | undefined;
/** Started for the pets commands when the OTEL_* settings ask for traces; flushed before the command exits. */
let tracing: Tracing | undefined;

/**
 * How long a command's last spans may take to leave: a nightly backup must not wait on a collector
 * that is not there. Past it the command exits with one warning line, its spans let go.
 */
export const COMMAND_FLUSH_MS = 1_000;

/** Backpressure by stream.pipeline. A reader that leaves early (`| head`) ends the export quietly, as it ends `cat`. */
async function pipeToStdout(chunks: AsyncIterable<string>): Promise<void> {
  try {
    await pipeline(Readable.from(chunks, { objectMode: false }), process.stdout, { end: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
  }
}

async function useCases(): Promise<CliUseCases> {
  let config;
  try {
    // The command line serves no API: no key is needed, and it reports its errors itself, on stderr.
    config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', METRICS: 'off' });
  } catch (error) {
    throw error instanceof ConfigError ? new Error(`configuration error: ${error.message}`) : error;
  }
  // Loaded only here: `keys new` and `--help` need neither the storage adapters nor their drivers.
  const [{ createContainer }, { createLogger }, { pino }] = await Promise.all([
    import('./container.js'),
    import('./logging/logger.js'),
    import('pino'),
  ]);
  // An import or an export is one trace, with a span for each batch; its troubles are told on stderr, as the command's
  // own are.
  tracing = await tracingAsked(
    process.env,
    createLogger({ logLevel: 'warn' }, pino.destination({ dest: 2, sync: true })),
    config.storage.adapter,
  );
  container = await createContainer({
    config,
    logger: createLogger(config),
    keys: { keys: [] },
    tracer: tracing?.tracer,
  });
  return {
    listPets: await from(container, TOKENS.ListPets),
    createPet: await from(container, TOKENS.CreatePet),
    getPet: await from(container, TOKENS.GetPet),
    importPets: await from(container, TOKENS.ImportPets),
    exportPets: await from(container, TOKENS.ExportPets),
  };
}

/**
 * The first SIGINT or SIGTERM asks the command to stop between steps; a second one stops the process
 * at once, putting back what a progress bar changed on the terminal (cursor, line wrapping) first.
 */
function watchInterrupts(): Interrupts {
  const controller = new AbortController();
  const onSignal = (signal: InterruptSignal) => {
    if (!controller.signal.aborted) {
      controller.abort(signal);
      return;
    }
    if (process.stderr.isTTY) process.stderr.write('\x1b[?25h\x1b[?7h\n');
    process.exit(EXIT_ON_SIGNAL[signal]);
  };
  return { signal: controller.signal, release: onStopSignals(onSignal) };
}

/** Runs one command line (the arguments after `petstore`) and leaves its exit status on the process. */
export async function runPetstore(args: readonly string[]): Promise<void> {
  const exitCode = await runCli(
    args,
    {
      useCases,
      newApiKey: () => {
        const key = newApiKey();
        return { key, digest: sha256(key) };
      },
      watchInterrupts,
      service: {
        // Loaded only here: the pets and keys commands never load the web framework.
        run: async () => (await import('./serve.js')).serve(process.env),
        settingsHelp,
      },
      version: projectManifest().version,
    },
    {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      pipe: pipeToStdout,
      columns: process.stdout.columns,
      errTerminal: process.stderr.isTTY ? process.stderr : undefined,
    },
  );
  process.exitCode = exitCode;
  await tracing?.shutdown(COMMAND_FLUSH_MS);
  // Closes the database connections, if any were opened. A binding whose making failed (storage out of
  // reach) fails again here; that failure was reported already.
  await container?.unbindAllAsync().catch(() => undefined);
}
