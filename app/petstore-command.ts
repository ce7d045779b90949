// `petstore`: the command line, a second host for the core, and the service's own start (`serve`).
// The same configuration (STORAGE, PORT, ...) and the same composition root for both.
import type { Container } from 'inversify';
import { newApiKey } from '../adapters/auth/api-keys.js';
import { sha256 } from '../adapters/auth/static-key-authenticator.js';
import type { CliUseCases } from '../adapters/cli/cli-program.js';
import { watchInterrupts } from '../adapters/cli/interrupted.js';
import { pipeTo } from '../adapters/cli/pipe-to.js';
import { EXIT_FORCED } from '../adapters/cli/commands/serve.js';
import { runCli } from '../adapters/cli/run-cli.js';
import { createLogger } from '../adapters/logging/logger.js';
import { loadConfig, type AppConfig } from './config.js';
import { onStopSignals, tracingAsked, type StopSignal } from './process-host.js';
import { settingRows } from './settings-help.js';
import { projectManifest } from './project-manifest.js';
import { TOKENS, resolved } from './tokens.js';
import type { Tracing } from './tracing/start-tracing.js';

let container: Container | undefined;
/** Started for the pets commands when the OTEL_* settings ask for traces; flushed before the command exits. */
let tracing: Tracing | undefined;

/**
 * How long a command's last spans may take to leave: a nightly backup must not wait on a collector
 * that is not there. Past it the command exits with one warning line, its spans let go.
 */
export const COMMAND_FLUSH_MS = 500;

/**
 * How long the service's last spans may take to leave once it has stopped, within what is left of
 * SHUTDOWN_TIMEOUT: a collector out of reach costs the spans, not the exit.
 */
export const SERVICE_FLUSH_MS = 1_000;

/** Tracing's troubles in the command line's own words: a plain `petstore: ` line on stderr, as its other messages. */
const plainLinesOnStderr = {
  write: (line: string) => {
    process.stderr.write(`petstore: ${(JSON.parse(line) as { msg: string }).msg}\n`);
  },
};

async function useCases(): Promise<CliUseCases> {
  // The command line serves no API: no key is needed, and it reports its errors itself, on stderr.
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', METRICS: 'off' });
  // Loaded only here: `keys new` and `--help` need neither the storage adapters nor their drivers.
  const { composeService } = await import('./serving.js');
  // An import or an export is one trace, with a span for each batch.
  tracing = await tracingAsked(
    process.env,
    createLogger({ logLevel: 'warn' }, plainLinesOnStderr),
    config.storage.adapter,
  );
  // The command line accepts no requests: no key.
  ({ container } = await composeService({ config, logger: createLogger(config), keys: {}, tracer: tracing?.tracer }));
  return {
    listPets: await resolved(container, TOKENS.ListPets),
    createPet: await resolved(container, TOKENS.CreatePet),
    getPet: await resolved(container, TOKENS.GetPet),
    importPets: await resolved(container, TOKENS.ImportPets),
    exportPets: await resolved(container, TOKENS.ExportPets),
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
      watchInterrupts: () => watchInterrupts(onStopSignals),
      service: { run: () => serve(process.env), settings: settingRows },
      version: projectManifest().version,
    },
    {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      pipe: (chunks) => pipeTo(process.stdout, chunks),
      columns: process.stdout.columns,
      errTerminal: process.stderr.isTTY ? process.stderr : undefined,
    },
  );
  process.exitCode = exitCode;
  await tracing?.shutdown(COMMAND_FLUSH_MS);
  // Closes the database connections, if any were opened.
  await container?.unbindAllAsync();
}

/**
 * `petstore serve`: starts the service on the settings in `env`, and on SIGTERM or SIGINT drains it.
 * Resolves with the exit code once it has stopped: 0 drained, 124 requests cut at SHUTDOWN_TIMEOUT.
 */
export async function serve(env: Record<string, string | undefined>): Promise<number> {
  let service;
  let tracing: Tracing | undefined;
  let config: AppConfig | undefined;
  try {
    // Read once, logged once: the service starts from what was made here for tracing.
    config = loadConfig(env);
    const logger = createLogger(config);
    tracing = await tracingAsked(env, logger, config.storage.adapter);
    // Loaded only here: the pets and keys commands never load the web framework.
    service = await (await import('./serving.js')).startServing({ config, logger, tracer: tracing?.tracer });
  } catch (error) {
    await tracing?.shutdown(SERVICE_FLUSH_MS);
    throw error;
  }
  const signal = await new Promise<StopSignal>((resolve) => {
    const release = onStopSignals((received) => {
      release();
      resolve(received);
    });
  });
  // SIGTERM comes from an orchestrator, whose load balancer needs the grace to stop sending
  // traffic here; Ctrl-C (SIGINT) comes from a person at a terminal, who has no load balancer.
  const graceMs = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
  // The whole stop, the last spans' export included, ends within the grace and SHUTDOWN_TIMEOUT.
  const deadline = performance.now() + graceMs + config.shutdownTimeoutMs;
  const outcome = await service.close(graceMs);
  // The spans of the requests the drain finished go out before the exit, in what time is left.
  await tracing?.shutdown(Math.min(SERVICE_FLUSH_MS, deadline - performance.now()));
  return outcome === 'drained' ? 0 : EXIT_FORCED;
}
