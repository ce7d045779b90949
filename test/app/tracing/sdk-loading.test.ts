import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/petstore-command.js';
import { writeModuleReportHook } from '../../support/module-report-hook.js';
import { killIfRunning, watchProcess, type ServiceProcess } from '../../support/service-process.js';

const KEY = 'loading-key_0123456789abcdef';

/**
 * Modules of tracing: the SDK and its parts, the instrumentation, the tracing adapter and the SDK's start; but
 * not the adapter's check of the settings, which decides whether any of them loads.
 */
const TRACING_MODULE =
  /@opentelemetry\/(?!api\/)|\/adapters\/tracing\/(?!tracing-requested\.|start-tracing-if-asked\.)/;

describe('the OpenTelemetry SDK', () => {
  let folder: string;
  let hook: string;
  let service: ServiceProcess | undefined;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-sdk-loading-'));
    // Node's own module hooks, run before the service: every module it resolves is named on stderr.
    hook = writeModuleReportHook(folder);
  });
  afterAll(async () => {
    await killIfRunning(service);
    rmSync(folder, { recursive: true, force: true });
  });

  /** The modules of tracing the service resolved, by the time it had answered one request. */
  async function tracingModulesLoaded(env: Record<string, string>): Promise<string[]> {
    service = watchProcess(
      spawn(process.execPath, ['--import', hook, join(ROOT, 'dist/app/cli.js'), 'serve'], {
        env: { PATH: process.env.PATH ?? '', PORT: '0', STORAGE: 'memory', API_KEYS: KEY, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const listening = await service.waitForLog('petstore listening');
    expect(
      (
        await fetch(`http://127.0.0.1:${String(listening.port)}/v1/pets`, {
          headers: { authorization: `Bearer ${KEY}` },
        })
      ).status,
    ).toBe(200);
    await killIfRunning(service);
    const modules = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('module '));
    expect(modules.length).toBeGreaterThan(50);
    return modules.filter((line) => TRACING_MODULE.test(line));
  }

  it('is not loaded at all when no setting asks for traces, nor is the tracing adapter beyond that check', async () => {
    expect(await tracingModulesLoaded({})).toEqual([]);
  });

  it('is loaded, with the tracing adapter, when one does', async () => {
    const loaded = await tracingModulesLoaded({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    expect(loaded.some((line) => line.includes('@opentelemetry/sdk-node/'))).toBe(true);
    expect(loaded.some((line) => line.includes('/adapters/tracing/traced-storage.js'))).toBe(true);
  });
});
