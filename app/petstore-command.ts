// `petstore`: the command line, a second host for the core, and the service's own start (`serve`).
// The same configuration (STORAGE, MONGODB_URI, ...) and the same composition root for both.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Container } from 'inversify';
import { sha256 } from '../adapters/auth/static-key-authenticator.js';
import type { CliUseCases } from '../adapters/cli/cli-program.js';
import { EXIT_ON_SIGNAL, type InterruptSignal, type Interrupts } from '../adapters/cli/interrupted.js';
import { runCli } from '../adapters/cli/run-cli.js';
import type { CreatePet } from '../core/use-cases/create-pet.js';
import type { PetRepository } from '../core/ports.js';
import { ExportPets } from '../core/use-cases/export-pets.js';
import type { GetPet } from '../core/use-cases/get-pet.js';
import type { ImportPets } from '../core/use-cases/import-pets.js';
import type { ListPets } from '../core/use-cases/list-pets.js';
import { newApiKey } from './api-keys.js';
import { ConfigError, loadConfig } from './config.js';
import { settingsHelp } from './settings-help.js';
import { projectManifest } from './project-manifest.js';
import { TOKENS } from './tokens.js';
import type { Tracing } from './tracing/start-tracing.js';
import { tracingRequested } from './tracing/tracing-requested.js';

let container: Container | undefined;
/** Started for the pets commands when the OTEL_* settings ask for traces; flushed before the command exits. */
let tracing: { started: Tracing; flushWithinMs: number } | undefined;

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
  const [{ createContainer }, { createLogger }] = await Promise.all([import('./container.js'), import('./logging/logger.js')]);
  container = createContainer(config, createLogger(config), { keys: [] });
  const useCases = {
    listPets: await container.getAsync<ListPets>(TOKENS.ListPets),
    createPet: await container.getAsync<CreatePet>(TOKENS.CreatePet),
    getPet: await container.getAsync<GetPet>(TOKENS.GetPet),
    importPets: await container.getAsync<ImportPets>(TOKENS.ImportPets),
    exportPets: await container.getAsync<ExportPets>(TOKENS.ExportPets),
  };
  if (!tracingRequested(process.env)) return useCases;
  // An import or an export is one trace, with a span for each batch; its troubles are told on stderr, as the command's own are.
  const [{ startTracing }, { tracedImport, tracedExport }, { tracedPetRepository }, { pino }] = await Promise.all([
    import('./tracing/start-tracing.js'),
    import('../adapters/tracing/traced-backup.js'),
    import('../adapters/tracing/traced-storage.js'),
    import('pino'),
  ]);
  const stderrLogger = createLogger({ logLevel: 'warn' }, pino.destination({ dest: 2, sync: true }));
  const started = startTracing({ logger: stderrLogger, version: projectManifest().version, instrumentMongo: false });
  tracing = { started, flushWithinMs: config.shutdownTimeoutMs };
  const kind = config.storage.kind;
  // Each page an export reads is a span of its own: the storage call that reads it.
  const pagesRead = new ExportPets(tracedPetRepository(await container.getAsync<PetRepository>(TOKENS.PetRepositoryInUse), started.tracer, kind));
  return { ...useCases, importPets: tracedImport(useCases.importPets, started.tracer, kind), exportPets: tracedExport(pagesRead, started.tracer, kind) };
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
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
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
  await tracing?.started.shutdown(tracing.flushWithinMs);
  // Closes the database connections, if any were opened. A binding whose making failed (storage out of
  // reach) fails again here; that failure was reported already.
  await container?.unbindAllAsync().catch(() => undefined);
}
