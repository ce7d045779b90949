import { SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PetNotFound } from '../../../core/errors.js';
import { CreatePet } from '../../../core/use-cases/create-pet.js';
import { GetPet } from '../../../core/use-cases/get-pet.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { tracedUseCase } from '../../../adapters/tracing/traced-use-case.js';
import { aNewPet } from '../../support/builders.js';
import { inMemoryTracing, type InMemoryTracing } from '../../support/in-memory-tracing.js';

let tracing: InMemoryTracing;
beforeAll(() => {
  tracing = inMemoryTracing();
});
afterAll(() => tracing.dispose());
beforeEach(() => {
  tracing.reset();
});

describe('a traced use case', () => {
  it('runs each execute in a span named after it, and answers as the use case does', async () => {
    const repository = new InMemoryPetRepository();
    const createPet = tracedUseCase(new CreatePet(repository), 'CreatePet', tracing.tracer);
    const created = await createPet.execute(aNewPet({ name: 'Pickle' }));
    expect(await repository.findById(created.id)).toEqual(created);
    expect(createPet).toBeInstanceOf(CreatePet);
    expect(tracing.spans().map((span) => [span.name, span.attributes])).toEqual([['CreatePet', {}]]);
  });

  it('records the failure of a use case on its span and throws it on unchanged', async () => {
    const getPet = tracedUseCase(new GetPet(new InMemoryPetRepository()), 'GetPet', tracing.tracer);
    await expect(getPet.execute(42)).rejects.toBeInstanceOf(PetNotFound);
    const [span] = tracing.spans();
    expect(span?.name).toBe('GetPet');
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.events.map((event) => event.name)).toEqual(['exception']);
  });
});
