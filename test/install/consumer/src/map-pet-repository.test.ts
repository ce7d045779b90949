import { describePetRepositoryContract, describePetRestoreContract } from '@petstore/testing';
import { MapPetRepository } from './map-pet-repository.js';

const fixture = () => Promise.resolve({ repository: new MapPetRepository(), dispose: () => Promise.resolve() });
describePetRepositoryContract('MapPetRepository', fixture);
describePetRestoreContract('MapPetRepository', fixture);
