/** Inversify service identifiers, one home for all of them. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  ApiKeys: Symbol.for('ApiKeys'),
  PetRepository: Symbol.for('PetRepository'),
  IdempotencyStore: Symbol.for('IdempotencyStore'),
  MongoClient: Symbol.for('MongoClient'),
  Authenticator: Symbol.for('Authenticator'),
  ListPets: Symbol.for('ListPets'),
  CreatePet: Symbol.for('CreatePet'),
  CreatePetOnce: Symbol.for('CreatePetOnce'),
  GetPet: Symbol.for('GetPet'),
  HttpApp: Symbol.for('HttpApp'),
} as const;
