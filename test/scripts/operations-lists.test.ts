import { describe, expect, it } from 'vitest';
import { storageSpanName } from '../../adapters/tracing/traced-storage.js';
import { STORAGE_METHODS } from '../../core/storage-calls.js';
import { metricLabelTable, spanNameTable } from '../../scripts/operations-lists.js';
import { apiOperations } from '../../scripts/reference-tables.js';

const rowOf = (table: string, first: string) => table.split('\n').find((row) => row.startsWith(`| ${first} |`));
/** The names in a row's last cell, its values. */
const namesIn = (row: string | undefined) =>
  [...((row ?? '').split(' | ').at(-1) ?? '').matchAll(/`([^`]+)`/g)].map(([, name]) => name);
const operationIds = () => apiOperations().map(({ operationId }) => operationId);

describe('the metric labels, documented from the lists their series are made from', () => {
  it("names every operation of the HTTP adapter's list, then other", () => {
    expect(namesIn(rowOf(metricLabelTable(), '`operation`'))).toEqual([...operationIds(), 'other']);
  });

  it('names every method of each store, a method added to a port included', () => {
    const row = rowOf(metricLabelTable(), '`method`');
    for (const [store, methods] of Object.entries(STORAGE_METHODS))
      expect(row).toContain(`of \`${store}\`: ${methods.map((method) => `\`${method}\``).join(', ')}`);
  });
});

describe('the span names, documented as the tracing code forms them', () => {
  it('names a request by its operation', () => {
    expect(namesIn(rowOf(spanNameTable(), 'a request to an operation'))).toEqual(operationIds());
  });

  it('names a storage call by its store and method, for every method of each store', () => {
    expect(namesIn(rowOf(spanNameTable(), 'a storage call'))).toEqual(
      Object.entries(STORAGE_METHODS).flatMap(([store, methods]) =>
        methods.map((method) => storageSpanName(store, method)),
      ),
    );
  });

  it('names the use cases of requests as their classes, and leaves the commands to their own rows', () => {
    const useCases = namesIn(rowOf(spanNameTable(), 'the use case under it'));
    expect(useCases).toContain('ListPets');
    expect(useCases).not.toContain('ImportPets');
    expect(useCases).not.toContain('ExportPets');
    expect(namesIn(rowOf(spanNameTable(), '`petstore pets import`'))).toEqual([
      'pets import',
      'pets import checking',
      'pets import confirming',
      'pets import writing',
    ]);
  });
});
