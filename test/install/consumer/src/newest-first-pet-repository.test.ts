import { describePetRepositoryContract } from '@petstore/testing';
import { NewestFirstPetRepository } from './newest-first-pet-repository.js';

describePetRepositoryContract('NewestFirstPetRepository', () =>
  Promise.resolve({ repository: new NewestFirstPetRepository(), dispose: () => Promise.resolve() }),
);
