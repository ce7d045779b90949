import { context, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { petOf } from '../../../core/pet.js';
import type { IdempotencyStore, PetRepository, PetRestore } from '../../../core/ports.js';
import { STORAGE_METHODS } from '../../../core/storage-calls.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { tracedStorage, type TracedStorageKind } from '../../../adapters/tracing/traced-storage.js';
import { inSpan } from '../../../adapters/tracing/spans.js';
import { aNewPet } from '../../support/builders.js';
import { countingTracer, inMemoryTracingPerFile, parentIdOf } from '../../support/in-memory-tracing.js';
import { watchedStorage } from '../../support/watched-storage.js';

const tracing = inMemoryTracingPerFile();

const keys = () => new InMemoryIdempotencyStore({ ttlMs: 60_000, leaseMs: 1000, maxKeysPerClient: 10 });
const SQLITE: TracedStorageKind = { name: 'sqlite', dbSystem: 'sqlite' };
const MEMORY: TracedStorageKind = { name: 'memory' };
const tracedPets = (pets: PetRepository, tracer: typeof tracing.tracer, kind: TracedStorageKind) =>
  tracedStorage({ pets: pets as PetRepository & PetRestore, idempotency: keys() }, tracer, kind).pets;
const tracedKeys = (idempotency: IdempotencyStore, kind: TracedStorageKind) =>
  tracedStorage({ pets: new InMemoryPetRepository(), idempotency }, tracing.tracer, kind).idempotency;

const spanNamed = (name: string): ReadableSpan => {
  const span = tracing.spans().find((candidate) => candidate.name === name);
  expect(span, `a span ${name}`).toBeDefined();
  return span as ReadableSpan;
};

describe('a traced pet repository', () => {
  it('makes a span of every call, under the active span, naming the method and the storage kind, and answers as the repository does', async () => {
    const pets = tracedPets(new InMemoryPetRepository(), tracing.tracer, SQLITE);
    // Each answer under the name of the method that gave it: the spans expected are those of the calls made.
    const answers = await inSpan(tracing.tracer, 'request', {}, async () => {
      const added = await pets.add(aNewPet({ name: 'Biscuit' }));
      return {
        add: added,
        addOnce: await pets.addOnce(aNewPet(), {
          key: { client: 'c', key: 'k' },
          claimedAt: Date.now(),
          keptUntil: Date.now() + 60_000,
        }),
        findById: await pets.findById(added.id),
        list: await pets.list({ limit: 2 }),
        isReachable: await pets.isReachable(),
        conflictsOf: await pets.conflictsOf([petOf(added.id, aNewPet({ name: 'Other' }))]),
        restore: await pets.restore([petOf(100, aNewPet())]),
      };
    });
    expect(answers.add).toMatchObject({ id: 1, name: 'Biscuit' });
    expect(answers.findById).toEqual(answers.add);
    expect(answers.isReachable).toBe(true);
    expect(answers.conflictsOf).toEqual([1]);
    expect(answers.restore).toEqual({ added: 1, unchanged: 0 });
    const request = spanNamed('request');
    for (const method of Object.keys(answers)) {
      const span = spanNamed(`pets.${method}`);
      expect(parentIdOf(span)).toBe(request.spanContext().spanId);
      expect(span.attributes).toEqual({
        'petstore.storage.kind': 'sqlite',
        'db.operation.name': method,
        'db.system.name': 'sqlite',
      });
    }
    expect(JSON.stringify(tracing.spans().map((span) => span.attributes))).not.toContain('Biscuit');
  });

  it("names the database system only where there is one: memory and a host's own storage have none", async () => {
    await tracedPets(new InMemoryPetRepository(), tracing.tracer, MEMORY).isReachable();
    await tracedPets(new InMemoryPetRepository(), tracing.tracer, {
      name: 'custom',
      dbSystem: undefined,
    }).isReachable();
    await tracedPets(new InMemoryPetRepository(), tracing.tracer, { name: 'mongo', dbSystem: 'mongodb' }).isReachable();
    expect(
      tracing.spans().map((span) => [span.attributes['petstore.storage.kind'], span.attributes['db.system.name']]),
    ).toEqual([
      ['memory', undefined],
      ['custom', undefined],
      ['mongo', 'mongodb'],
    ]);
  });

  it('makes no span under a span the sampler left out, and answers all the same', async () => {
    const counting = countingTracer(tracing.tracer);
    const pets = tracedPets(new InMemoryPetRepository(), counting.tracer, MEMORY);
    const leftOut = trace.setSpanContext(context.active(), {
      traceId: 'a'.repeat(32),
      spanId: 'b'.repeat(16),
      traceFlags: TraceFlags.NONE,
    });
    const sampled = trace.setSpanContext(context.active(), {
      traceId: 'c'.repeat(32),
      spanId: 'd'.repeat(16),
      traceFlags: TraceFlags.SAMPLED,
    });
    expect(await context.with(leftOut, () => pets.add(aNewPet({ name: 'Unseen' })))).toMatchObject({
      id: 1,
      name: 'Unseen',
    });
    expect(tracing.spans()).toEqual([]);
    // Not even one left unrecorded: under a span left out, a span costs nothing.
    expect(counting.started()).toBe(0);
    await context.with(sampled, () => pets.findById(1));
    expect(counting.started()).toBe(1);
    expect(tracing.spans().map((span) => [span.name, span.spanContext().traceId])).toEqual([
      ['pets.findById', 'c'.repeat(32)],
    ]);
  });

  it('records a failed call on its span and throws the failure on unchanged', async () => {
    const failure = new Error('disk I/O error');
    const repository = Object.assign(new InMemoryPetRepository(), { findById: () => Promise.reject(failure) });
    await expect(tracedPets(repository, tracing.tracer, SQLITE).findById(1)).rejects.toBe(failure);
    const span = spanNamed('pets.findById');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.map((event) => event.attributes?.['exception.message'])).toEqual(['disk I/O error']);
  });

  it('leaves out a method the repository does not have: a repository need not restore', async () => {
    const restoring = ['conflictsOf', 'restore', 'reserveIds'] as const;
    const bare: PetRepository = watchedStorage(new InMemoryPetRepository()).lack(...restoring).port;
    const traced = tracedPets(bare, tracing.tracer, { name: 'custom' });
    expect(Object.keys(traced).sort()).toEqual(
      STORAGE_METHODS.pets.filter((method) => !restoring.some((lacking) => lacking === method)).sort(),
    );
    expect(await traced.isReachable()).toBe(true);
  });
});

describe('a traced idempotency store', () => {
  it('makes a span of each claim, completion and release', async () => {
    const store = tracedKeys(keys(), MEMORY);
    const outcome = await store.claim({ client: 'c', key: 'k' }, 'fingerprint');
    if (outcome.state !== 'claimed') throw new Error(`the key was free, yet the claim found it ${outcome.state}`);
    await store.complete(outcome.claim, petOf(1, aNewPet()));
    await store.release(outcome.claim);
    expect(tracing.spans().map((span) => [span.name, span.attributes['db.operation.name']])).toEqual([
      ['idempotency.claim', 'claim'],
      ['idempotency.complete', 'complete'],
      ['idempotency.release', 'release'],
    ]);
    expect(JSON.stringify(tracing.spans().map((span) => span.attributes))).not.toMatch(/fingerprint|"k"/);
  });
});
