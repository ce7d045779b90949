/** Inversify service identifiers, one home for all of them. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  ApiKeyDigests: Symbol.for('ApiKeyDigests'),
  PetRepository: Symbol.for('PetRepository'),
  MongoClient: Symbol.for('MongoClient'),
  Authenticator: Symbol.for('Authenticator'),
  ListPets: Symbol.for('ListPets'),
  CreatePet: Symbol.for('CreatePet'),
  GetPet: Symbol.for('GetPet'),
  HttpApp: Symbol.for('HttpApp'),
} as const;
