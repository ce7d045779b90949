import type { NewPet, Pet, PetId, PetStatus } from './pet.js';

export interface PetPageQuery {
  /** How many pets at most; the caller has already bounded it. */
  readonly limit: number;
  readonly status?: PetStatus | undefined;
  /** Only pets with an id greater than this one. */
  readonly afterId?: PetId | undefined;
}

/**
 * Where pets are kept. Every implementation must pass the one contract suite in
 * test/contracts/, so callers can rely on the same behaviour whatever the storage.
 */
export interface PetRepository {
  /** Stores the pet under a new id, greater than every id handed out before. */
  add(newPet: NewPet): Promise<Pet>;
  findById(id: PetId): Promise<Pet | undefined>;
  /** Pets in ascending id order. */
  list(query: PetPageQuery): Promise<Pet[]>;
  /** Whether the storage can serve requests now (readiness). Never throws. */
  isReachable(): Promise<boolean>;
}

/** Decides whether a presented credential grants access. */
export interface Authenticator {
  authenticate(credential: string): Promise<boolean>;
}
