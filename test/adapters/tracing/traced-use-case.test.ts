import { SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { PetNotFound, StorageUnavailable } from '../../../core/errors.js';
import { CreatePet } from '../../../core/use-cases/create-pet.js';
import { GetPet } from '../../../core/use-cases/get-pet.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { tracedUseCase } from '../../../adapters/tracing/traced-use-case.js';
import { aNewPet } from '../../support/builders.js';
import { inMemoryTracingPerFile } from '../../support/in-memory-tracing.js';

const tracing = inMemoryTracingPerFile();

describe('a traced use case', () => {
  it('runs each execute in a span named after it, and answers as the use case does', async () => {
    const repository = new InMemoryPetRepository();
    const createPet = tracedUseCase(new CreatePet(repository), 'CreatePet', tracing.tracer);
    const created = await createPet.execute(aNewPet({ name: 'Pickle' }));
    expect(await repository.findById(created.id)).toEqual(created);
    expect(Object.keys(createPet)).toEqual(['execute']);
    expect(tracing.spans().map((span) => [span.name, span.attributes])).toEqual([['CreatePet', {}]]);
  });

  it("names a domain rule's refusal on its span, as no error: the caller's doing, as a 4xx is", async () => {
    const getPet = tracedUseCase(new GetPet(new InMemoryPetRepository()), 'GetPet', tracing.tracer);
    await expect(getPet.execute(42)).rejects.toBeInstanceOf(PetNotFound);
    const [span] = tracing.spans();
    expect(span?.name).toBe('GetPet');
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes).toEqual({ 'petstore.refused': 'pet_not_found' });
    expect(span?.events).toEqual([]);
  });

  it.each([
    ['a bug', new TypeError('undefined is not a function')],
    ['storage out of reach', new StorageUnavailable(new Error('connect ECONNREFUSED'))],
  ])('records %s as a failure on its span, and throws it on unchanged', async (_name, failure) => {
    const repository = Object.assign(new InMemoryPetRepository(), { findById: () => Promise.reject(failure) });
    const getPet = tracedUseCase(new GetPet(repository), 'GetPet', tracing.tracer);
    await expect(getPet.execute(1)).rejects.toBe(failure);
    const [span] = tracing.spans();
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.attributes).toEqual({});
    expect(span?.events.map((event) => event.name)).toEqual(['exception']);
  });
});
