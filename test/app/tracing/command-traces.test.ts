import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, STATUS_ERROR, type OtlpReceiver, type ReceivedSpan } from '../../support/otlp-receiver.js';
import { COMMAND_FLUSH_MS } from '../../../app/petstore-command.js';
import { runPetstore } from '../../support/petstore-command.js';

/** A loopback port nothing listens on: a collector that is not there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}

const PETS = 2_500;

describe('the pets import and export commands, traced', () => {
  let receiver: OtlpReceiver;
  let folder: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    folder = mkdtempSync(join(tmpdir(), 'petstore-command-traces-'));
    env = {
      STORAGE: 'sqlite',
      SQLITE_PATH: join(folder, 'pets.db'),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Held past the command's end: only the flush at exit can send them.
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    };
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(folder, { recursive: true, force: true });
  });

  function traceOf(rootName: string): { root: ReceivedSpan; steps: ReceivedSpan[] } {
    const [root, ...others] = receiver.spans().filter((span) => span.name === rootName);
    expect(others).toEqual([]);
    if (root === undefined)
      throw new Error(
        `no span ${rootName}; received: ${receiver
          .spans()
          .map((span) => span.name)
          .join(', ')}`,
      );
    expect(root.parentSpanId).toBeUndefined();
    return {
      root,
      steps: receiver.spans().filter((span) => span.traceId === root.traceId && span.parentSpanId === root.spanId),
    };
  }

  it('send an import as one trace, a span for each batch, before the command exits', async () => {
    const backup = join(folder, 'pets.ndjson');
    writeFileSync(
      backup,
      Array.from(
        { length: PETS },
        (_, index) => `${JSON.stringify({ id: index + 1, name: `Pet ${String(index + 1)}`, categoryId: 1 })}\n`,
      ).join(''),
    );
    const imported = await runPetstore(['pets', 'import', backup], env);
    expect(imported.code).toBe(0);
    expect(imported.stderr).not.toContain('tracing');

    const { root, steps } = traceOf('pets import');
    expect(root.attributes).toMatchObject({
      'petstore.storage.kind': 'sqlite',
      'petstore.import.mode': 'restore',
      'petstore.pets': PETS,
    });
    expect(root.resource['service.name']).toBe('petstore');
    expect(steps.map((span) => [span.name, span.attributes['petstore.pets.done']])).toEqual([
      ['pets import checking', undefined],
      ['pets import confirming', undefined],
      ['pets import writing', 1000],
      ['pets import writing', 2000],
      ['pets import writing', PETS],
    ]);
    expect(JSON.stringify(receiver.spans())).not.toContain('Pet 1');
  });

  it('send an export as one trace, a span for each page read', async () => {
    const exported = await runPetstore(['pets', 'export'], env);
    expect(exported.code).toBe(0);
    expect(exported.stdout.trim().split('\n')).toHaveLength(PETS);
    const { root, steps } = traceOf('pets export');
    expect(root.attributes).toMatchObject({ 'petstore.storage.kind': 'sqlite', 'petstore.pets': PETS });
    expect(steps).toHaveLength(PETS / 100);
    expect(steps.every((span) => span.name === 'pets.list' && span.attributes['db.system.name'] === 'sqlite')).toBe(
      true,
    );
  });

  it('exit soon after their work when no collector answers, with one plain line counting the spans lost', async () => {
    const closed = await closedPort();
    const nowhere = {
      ...env,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String(closed)}`,
      // How long an exporter left to itself may retry: the command's own bound must end it far sooner.
      OTEL_EXPORTER_OTLP_TIMEOUT: '30000',
      SQLITE_PATH: join(folder, 'nowhere.db'),
    };
    const timed = async (settings: Record<string, string>) => {
      const started = performance.now();
      const result = await runPetstore(['pets', 'export'], settings);
      return { ...result, ms: performance.now() - started };
    };
    const untraced = await timed({ STORAGE: 'sqlite', SQLITE_PATH: join(folder, 'nowhere.db') });
    const traced = await timed(nowhere);
    expect(traced.code).toBe(0);
    // Behaviour, not speed: the spans are let go after COMMAND_FLUSH_MS, where the exporter alone would retry
    // for seconds more; the margin is for loading the SDK, which a busy machine slows by more than a second.
    expect(traced.ms - untraced.ms).toBeLessThan(10_000);
    // The export's root span and its one page, of an empty catalogue.
    expect(traced.stderr).toBe(
      `petstore: tracing: 2 spans not exported, let go at exit: the collector did not answer within ${String(COMMAND_FLUSH_MS)} ms\n`,
    );
  });

  it('send a refused import as a trace marked failed where it stopped', async () => {
    const backup = join(folder, 'bad.ndjson');
    writeFileSync(backup, `${JSON.stringify({ id: 1, name: 'Rex', categoryId: 1 })}\n{"id": 2, "name": ""}\n`);
    const before = receiver.spans().length;
    const refused = await runPetstore(['pets', 'import', backup], { ...env, SQLITE_PATH: join(folder, 'other.db') });
    expect(refused.code).not.toBe(0);
    const spans = receiver.spans().slice(before);
    expect(spans.map((span) => [span.name, span.statusCode])).toEqual([
      ['pets import checking', STATUS_ERROR],
      ['pets import', STATUS_ERROR],
    ]);
  });
});
