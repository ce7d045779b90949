import { describe, expect, it } from 'vitest';
import { InvalidPageQuery, InvalidPet, PetNotFound, StorageUnavailable } from '../../core/errors.js';

describe('domain errors', () => {
  it('carry a stable code, their class name and a message', () => {
    expect(new PetNotFound(3)).toMatchObject({
      code: 'pet_not_found',
      name: 'PetNotFound',
      message: 'No pet has id 3',
      petId: 3,
    });
    expect(new InvalidPet('name', 'why')).toMatchObject({
      code: 'invalid_pet',
      name: 'InvalidPet',
      field: 'name',
      message: 'why',
    });
    expect(new InvalidPageQuery('limit', 'why')).toMatchObject({
      code: 'invalid_page_query',
      name: 'InvalidPageQuery',
      field: 'limit',
    });
  });

  it('say storage is unavailable, keeping the cause for the logs', () => {
    const cause = new Error('connection refused');
    expect(new StorageUnavailable({ cause })).toMatchObject({
      code: 'storage_unavailable',
      name: 'StorageUnavailable',
      message: 'Storage is unavailable',
      cause,
    });
  });
});
