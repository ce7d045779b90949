// `petstore`: the command line, a second host for the core, and the service's own start (`serve`,
// in serve-command.ts). The same configuration (STORAGE, PORT, ...) and the same composition root for both.
import type { Container } from 'inversify';
import { newApiKey } from '@petstore/auth/api-keys.js';
import { sha256 } from '@petstore/auth/static-key-authenticator.js';
import { USE_CASES, type UseCaseName, type UseCases } from '@petstore/core/use-cases/use-cases.js';
import { onInterruptSignals, watchInterrupts } from '../adapters/cli/interrupted.js';
import { pipeTo } from '../adapters/cli/pipe-to.js';
import { plainLinesOnStderr } from '../adapters/cli/plain-log-lines.js';
import { runCli } from '../adapters/cli/run-cli.js';
import type { Tracing } from '../adapters/tracing/start-tracing.js';
import { startTracingIfAsked } from '../adapters/tracing/start-tracing-if-asked.js';
import { createLogger } from '@petstore/logging/logger.js';
import { loadConfig } from '@petstore/host/config.js';
import { settingRows } from './settings-help.js';
import { projectManifest } from './project-manifest.js';
import { serveUntilStopped } from './serve-command.js';
import { TOKENS, resolved } from '@petstore/host/tokens.js';

let container: Container | undefined;
/** Started for the pets commands when the OTEL_* settings ask for traces; flushed before the command exits. */
let tracing: Tracing | undefined;

/**
 * How long a command's last spans may take to leave: a nightly backup must not wait on a collector
 * that is not there. Past it the command exits with one warning line, its spans let go.
 */
export const COMMAND_FLUSH_MS = 500;

/** A command runs one use case: its storage is opened read-only when that use case only reads. */
async function useCase<Name extends UseCaseName>(name: Name): Promise<UseCases[Name]> {
  return (await useCasesOpened(USE_CASES[name].access === 'read'))[name];
}

async function useCasesOpened(readOnly: boolean): Promise<UseCases> {
  // The command line reports its errors itself, on stderr.
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  // Loaded only here: `keys new` and `--help` need neither the storage adapters nor their drivers, nor the
  // layers that measure and trace.
  const [{ composeService }, { serviceLayers }] = await Promise.all([
    import('@petstore/host/compose-service.js'),
    import('./service-module.js'),
  ]);
  // An import or an export is one trace, with a span for each batch; tracing's troubles are told as the command's.
  tracing = await startTracingIfAsked(process.env, {
    logger: createLogger({ logLevel: 'warn' }, plainLinesOnStderr),
    version: projectManifest().version,
    dbSystem: config.storage.adapter.dbSystem,
  });
  // The command line serves no API: no key, and no part of the HTTP service (its framework, metrics) to load.
  ({ container } = await composeService({
    config,
    logger: createLogger(config),
    keys: {},
    layers: await serviceLayers(config, tracing?.tracer),
    readOnly,
  }));
  return resolved(container, TOKENS.UseCases);
}

/** Runs one command line (the arguments after `petstore`) and leaves its exit status on the process. */
export async function runPetstore(args: readonly string[]): Promise<void> {
  const exitCode = await runCli(
    args,
    {
      useCase,
      newApiKey: () => {
        const key = newApiKey();
        return { key, digest: sha256(key) };
      },
      watchInterrupts: () => watchInterrupts(onInterruptSignals),
      service: { run: () => serveUntilStopped(process.env), settings: settingRows },
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
