/** Inversify service identifiers, one home for all of them. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  ApiKeys: Symbol.for('ApiKeys'),
  PetRepository: Symbol.for('PetRepository'),
  /** The same repository's restore (pets keep their ids), for ImportPets. */
  PetRestore: Symbol.for('PetRestore'),
  IdempotencyStore: Symbol.for('IdempotencyStore'),
  /** What the use cases are given: the storage adapters above, measured when metrics are on. */
  PetRepositoryInUse: Symbol.for('PetRepositoryInUse'),
  IdempotencyStoreInUse: Symbol.for('IdempotencyStoreInUse'),
  Metrics: Symbol.for('Metrics'),
  MongoClient: Symbol.for('MongoClient'),
  SqliteDatabase: Symbol.for('SqliteDatabase'),
  Authenticator: Symbol.for('Authenticator'),
  ListPets: Symbol.for('ListPets'),
  CreatePet: Symbol.for('CreatePet'),
  CreatePetOnce: Symbol.for('CreatePetOnce'),
  GetPet: Symbol.for('GetPet'),
  ImportPets: Symbol.for('ImportPets'),
  ExportPets: Symbol.for('ExportPets'),
  HttpApp: Symbol.for('HttpApp'),
  /** Begun on SIGTERM: /readyz answers 503 from then on. */
  Shutdown: Symbol.for('Shutdown'),
  /** GET /metrics alone, for METRICS_PORT. */
  MetricsApp: Symbol.for('MetricsApp'),
} as const;
