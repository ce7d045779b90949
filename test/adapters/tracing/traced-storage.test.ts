import { context, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { petOf } from '../../../core/pet.js';
import type { IdempotencyStore, PetRepository, PetRestore } from '../../../core/ports.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { tracedStorage, type TracedStorageKind } from '../../../adapters/tracing/traced-storage.js';
import { inSpan } from '../../../adapters/tracing/spans.js';
import { aNewPet } from '../../support/builders.js';
import { countingTracer, inMemoryTracingPerFile, parentIdOf } from '../../support/in-memory-tracing.js';

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
    const calls = await inSpan(tracing.tracer, 'request', {}, async () => {
      const added = await pets.add(aNewPet({ name: 'Biscuit' }));
      return [
        added,
        await pets.addOnce(aNewPet(), {
          key: { client: 'c', key: 'k' },
          claimedAt: Date.now(),
          keptUntil: Date.now() + 60_000,
        }),
        await pets.findById(added.id),
        await pets.list({ limit: 2 }),
        await pets.isReachable(),
        await pets.conflictsOf([petOf(added.id, aNewPet({ name: 'Other' }))]),
        await pets.restore([petOf(100, aNewPet())]),
      ];
    });
    expect(calls[0]).toMatchObject({ id: 1, name: 'Biscuit' });
    expect(calls[2]).toEqual(calls[0]);
    expect(calls[4]).toBe(true);
    expect(calls[5]).toEqual([1]);
    expect(calls[6]).toEqual({ added: 1, unchanged: 0 });
    const request = spanNamed('request');
    const methods = ['add', 'addOnce', 'findById', 'list', 'isReachable', 'conflictsOf', 'restore'];
    for (const method of methods) {
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
    const bare: PetRepository = {
      add: () => Promise.resolve(petOf(1, aNewPet())),
      addOnce: () => Promise.reject(new Error('not here')),
      findById: () => Promise.resolve(undefined),
      list: () => Promise.resolve([]),
      isReachable: () => Promise.resolve(true),
    };
    const traced = tracedPets(bare, tracing.tracer, { name: 'custom' });
    expect(Object.keys(traced).sort()).toEqual(['add', 'addOnce', 'findById', 'isReachable', 'list']);
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
