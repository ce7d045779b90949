import { describe, expect, it } from 'vitest';
import { useCasesOver } from '../../../core/use-cases/use-cases.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { isTracedAsSpan, tracedUseCases, useCaseSpanName } from '../../../adapters/tracing/traced-use-cases.js';
import { aNewPet } from '../../support/builders.js';
import { inMemoryTracingPerFile } from '../../support/in-memory-tracing.js';

const tracing = inMemoryTracingPerFile();

function traced() {
  const ports = {
    pets: new InMemoryPetRepository(),
    idempotency: new InMemoryIdempotencyStore({ ttlMs: 60_000, leaseMs: 1_000, maxKeysPerClient: 10 }),
  };
  return tracedUseCases(useCasesOver({ inUse: ports, opened: ports }), tracing.tracer, 'memory');
}

describe('the use cases traced', () => {
  it('names each span as its use case is named as a class', () => {
    expect(['listPets', 'createPet', 'createPetOnce', 'getPet'].map((name) => useCaseSpanName(name as never))).toEqual([
      'ListPets',
      'CreatePet',
      'CreatePetOnce',
      'GetPet',
    ]);
  });

  it('traces an export and an import as traces of their own, every other use case as a span', () => {
    expect(['listPets', 'createPet', 'createPetOnce', 'getPet'].every((name) => isTracedAsSpan(name as never))).toBe(
      true,
    );
    expect(['exportPets', 'importPets'].some((name) => isTracedAsSpan(name as never))).toBe(false);
  });

  it("traces a request's use case as one span, named after it", async () => {
    const useCases = traced();
    const rex = await useCases.createPet.execute(aNewPet({ name: 'Rex' }));
    await useCases.getPet.execute(rex.id);
    await useCases.listPets.execute({});
    await useCases.createPetOnce.execute(aNewPet(), { client: 'c', key: 'k' });
    expect(tracing.spans().map((span) => span.name)).toEqual(['CreatePet', 'GetPet', 'ListPets', 'CreatePetOnce']);
  });

  it('traces an export as one trace of its pages, under the storage kind', async () => {
    const useCases = traced();
    for await (const page of useCases.exportPets.pages()) expect(page).toEqual([]);
    const [root] = tracing.spans();
    expect(root?.name).toBe('pets export');
    expect(root?.attributes).toMatchObject({ 'petstore.storage.kind': 'memory' });
  });

  it('traces an import as one trace, under the storage kind', async () => {
    const useCases = traced();
    const backup = {
      name: 'pets.ndjson',
      where: (place: number) => `line ${String(place)}`,
      async *entries() {
        yield await Promise.resolve({ place: 1, id: undefined, newPet: aNewPet() });
      },
    };
    await useCases.importPets.execute(backup, 'merge', { update: () => undefined, finish: () => undefined });
    const root = tracing.spans().find((span) => span.name === 'pets import');
    expect(root?.attributes).toMatchObject({ 'petstore.storage.kind': 'memory', 'petstore.import.mode': 'merge' });
  });
});
