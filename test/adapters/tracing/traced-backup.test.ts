import { SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import type { BackupEntry, ImportMode } from '../../../core/backup.js';
import { ImportStopped } from '../../../core/errors.js';
import { petOf } from '../../../core/pet.js';
import { CreatePet } from '../../../core/use-cases/create-pet.js';
import { ExportPets } from '../../../core/use-cases/export-pets.js';
import {
  IMPORT_BATCH,
  ImportPets,
  type Backup,
  type ImportPhase,
  type ImportProgress,
} from '../../../core/use-cases/import-pets.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { tracedExport, tracedImport } from '../../../adapters/tracing/traced-backup.js';
import { tracedStorage } from '../../../adapters/tracing/traced-storage.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { aNewPet } from '../../support/builders.js';
import { countingTracer, inMemoryTracingPerFile, parentIdOf } from '../../support/in-memory-tracing.js';

const tracing = inMemoryTracingPerFile();

/** A backup of `count` pets with ids 1.., a line each. */
function backupOf(count: number): Backup {
  const entries: BackupEntry[] = Array.from({ length: count }, (_, index) => ({
    place: index + 1,
    id: index + 1,
    newPet: aNewPet(),
  }));
  return {
    name: 'pets.ndjson',
    where: (place) => `line ${place}`,
    entries: () => toAsync(entries),
  };
}

async function* toAsync<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield await Promise.resolve(item);
}

/** Progress as the command line's, remembered. */
function recordedProgress() {
  const updates: [ImportPhase, number, number][] = [];
  let finishes = 0;
  const progress: ImportProgress = {
    update: (phase, done, total) => updates.push([phase, done, total]),
    finish: () => void (finishes += 1),
  };
  return { progress, updates, finishes: () => finishes };
}

/** The spans under `root`, by name, with the pets written up to each one's end. */
function stepsUnder(root: ReadableSpan): [string, unknown][] {
  return tracing
    .spans()
    .filter((span) => parentIdOf(span) === root.spanContext().spanId)
    .map((span) => [span.name, span.attributes['petstore.pets.done']]);
}

function rootNamed(name: string): ReadableSpan {
  const roots = tracing.spans().filter((span) => span.name === name);
  expect(roots).toHaveLength(1);
  expect(parentIdOf(roots[0] as ReadableSpan)).toBeUndefined();
  return roots[0] as ReadableSpan;
}

describe('a traced import', () => {
  it.each<[ImportMode, string[]]>([
    ['restore', ['checking', 'confirming']],
    ['merge', ['checking']],
  ])(
    '(%s) is one trace: a root span, a span for checking (%j), and one for each batch written',
    async (mode, checks) => {
      const repository = new InMemoryPetRepository();
      const counting = countingTracer(tracing.tracer);
      const importPets = tracedImport(new ImportPets(new CreatePet(repository), repository), counting.tracer, 'sqlite');
      const { progress, updates, finishes } = recordedProgress();
      const count = 2 * IMPORT_BATCH + 500;
      const report = await importPets.execute(backupOf(count), mode, progress);
      expect(report).toEqual({ pets: count, added: count, unchanged: 0 });
      // The command line's own progress is told all it was before.
      expect(updates.map(([, done]) => done)).toEqual([IMPORT_BATCH, 2 * IMPORT_BATCH, count]);
      expect(finishes()).toBe(checks.length + 1);

      const root = rootNamed('pets import');
      expect(root.attributes).toEqual({
        'petstore.storage.kind': 'sqlite',
        'petstore.import.mode': mode,
        'petstore.pets': count,
      });
      expect(stepsUnder(root)).toEqual([
        ...checks.map((phase) => [`pets import ${phase}`, undefined]),
        ['pets import writing', IMPORT_BATCH],
        ['pets import writing', 2 * IMPORT_BATCH],
        ['pets import writing', count],
      ]);
      expect(tracing.spans().every((span) => span.status.code !== SpanStatusCode.ERROR)).toBe(true);
      // Every span it started, it ended: none is left open past the import.
      expect([counting.started(), counting.ended()]).toEqual([checks.length + 4, checks.length + 4]);
    },
  );

  it('ends no step on the progress of checking, and none twice when the end is reported twice', async () => {
    const counting = countingTracer(tracing.tracer);
    const reportingOnly = {
      execute: (_backup: Backup, _mode: ImportMode, progress: ImportProgress) => {
        progress.update('checking', 10, 100);
        progress.update('checking', 100, 100);
        progress.finish();
        progress.update('confirming', 100, 100);
        progress.finish();
        progress.update('writing', 5, 5);
        progress.update('writing', 5, 5);
        progress.finish();
        return Promise.resolve({ pets: 5, added: 5, unchanged: 0 });
      },
    } as unknown as ImportPets;
    await tracedImport(reportingOnly, counting.tracer, 'memory').execute(
      backupOf(0),
      'restore',
      recordedProgress().progress,
    );
    expect(stepsUnder(rootNamed('pets import'))).toEqual([
      ['pets import checking', undefined],
      ['pets import confirming', undefined],
      ['pets import writing', 5],
    ]);
    expect([counting.started(), counting.ended()]).toEqual([4, 4]);
  });

  it('that stops marks the root and the batch under way as failed, and throws what stopped it', async () => {
    const repository = new InMemoryPetRepository();
    let restores = 0;
    const failing = Object.assign(repository, {
      restore: (pets: Parameters<InMemoryPetRepository['restore']>[0]) =>
        ++restores === 2
          ? Promise.reject(new Error('disk full'))
          : InMemoryPetRepository.prototype.restore.call(repository, pets),
    });
    const counting = countingTracer(tracing.tracer);
    const importPets = tracedImport(new ImportPets(new CreatePet(failing), failing), counting.tracer, 'memory');
    await expect(
      importPets.execute(backupOf(2 * IMPORT_BATCH + 1), 'restore', recordedProgress().progress),
    ).rejects.toBeInstanceOf(ImportStopped);
    expect(counting.started()).toBe(counting.ended());
    const root = rootNamed('pets import');
    expect(root.status.code).toBe(SpanStatusCode.ERROR);
    const steps = tracing.spans().filter((span) => parentIdOf(span) === root.spanContext().spanId);
    expect(steps.map((span) => [span.name, span.status.code])).toEqual([
      ['pets import checking', SpanStatusCode.UNSET],
      ['pets import confirming', SpanStatusCode.UNSET],
      ['pets import writing', SpanStatusCode.UNSET],
      ['pets import writing', SpanStatusCode.ERROR],
    ]);
  });

  it('of an empty backup has its checks and one empty writing step', async () => {
    const repository = new InMemoryPetRepository();
    const counting = countingTracer(tracing.tracer);
    const importPets = tracedImport(new ImportPets(new CreatePet(repository), repository), counting.tracer, 'memory');
    await importPets.execute(backupOf(0), 'restore', recordedProgress().progress);
    expect([counting.started(), counting.ended()]).toEqual([4, 4]);
    expect(stepsUnder(rootNamed('pets import'))).toEqual([
      ['pets import checking', undefined],
      ['pets import confirming', undefined],
      ['pets import writing', undefined],
    ]);
  });

  it('that fails once its last batch is written throws what failed, with the root marked', async () => {
    const failure = new Error('index build failed');
    const failingLate = {
      execute: (_backup: Backup, _mode: ImportMode, progress: ImportProgress) => {
        progress.finish();
        progress.finish();
        progress.update('writing', 3, 3);
        return Promise.reject(failure);
      },
    } as unknown as ImportPets;
    await expect(
      tracedImport(failingLate, tracing.tracer, 'memory').execute(backupOf(0), 'restore', recordedProgress().progress),
    ).rejects.toBe(failure);
    expect(rootNamed('pets import').status.code).toBe(SpanStatusCode.ERROR);
    expect(stepsUnder(rootNamed('pets import'))).toEqual([
      ['pets import checking', undefined],
      ['pets import confirming', undefined],
      ['pets import writing', 3],
    ]);
  });
});

describe('a traced export', () => {
  it('is one trace: a root span with the pets exported, and each page read under it', async () => {
    const repository = new InMemoryPetRepository();
    await repository.restore(
      Array.from({ length: 250 }, (_, index) => petOf(index + 1, aNewPet({ status: 'available' }))),
    );
    const exportPets = tracedExport(
      new ExportPets(
        tracedStorage(
          {
            pets: repository,
            idempotency: new InMemoryIdempotencyStore({ ttlMs: 1000, leaseMs: 100, maxKeysPerClient: 1 }),
          },
          tracing.tracer,
          { name: 'memory' },
        ).pets,
      ),
      tracing.tracer,
      'memory',
    );
    const pages: number[] = [];
    for await (const page of exportPets.pages('available')) pages.push(page.length);
    expect(pages).toEqual([100, 100, 50]);
    const root = rootNamed('pets export');
    expect(root.attributes).toEqual({
      'petstore.storage.kind': 'memory',
      'petstore.pet.status': 'available',
      'petstore.pets': 250,
    });
    expect(stepsUnder(root).map(([name]) => name)).toEqual(['pets.list', 'pets.list', 'pets.list']);
  });

  it('that fails marks its root span, and one its reader leaves early is ended all the same', async () => {
    const repository = Object.assign(new InMemoryPetRepository(), { list: () => Promise.reject(new Error('gone')) });
    const failing = tracedExport(new ExportPets(repository), tracing.tracer, 'memory');
    await expect(failing.pages().next()).rejects.toThrow('gone');
    expect(rootNamed('pets export').status.code).toBe(SpanStatusCode.ERROR);

    tracing.reset();
    const full = new InMemoryPetRepository();
    await full.restore(Array.from({ length: 150 }, (_, index) => petOf(index + 1, aNewPet())));
    for await (const page of tracedExport(new ExportPets(full), tracing.tracer, 'memory').pages()) {
      expect(page).toHaveLength(100);
      break;
    }
    const root = rootNamed('pets export');
    expect(root.status.code).toBe(SpanStatusCode.UNSET);
    expect(root.attributes['petstore.pets']).toBeUndefined();
  });
});
