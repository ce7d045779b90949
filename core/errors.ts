/**
 * Domain errors carry a stable machine `code`; the HTTP adapter maps codes to statuses
 * in one table, so the core never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
}

export class PetNotFound extends DomainError {
  readonly code = 'pet_not_found';

  constructor(readonly petId: number) {
    super(`No pet has id ${petId}`);
    this.name = 'PetNotFound';
  }
}

export class InvalidPet extends DomainError {
  readonly code = 'invalid_pet';

  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'InvalidPet';
  }
}

/** Storage could not be reached or did not answer in time; the request may be retried. */
export class StorageUnavailable extends DomainError {
  readonly code = 'storage_unavailable';

  constructor(options?: { cause?: unknown }) {
    super('Storage is unavailable', options);
    this.name = 'StorageUnavailable';
  }
}

export class InvalidPageQuery extends DomainError {
  readonly code = 'invalid_page_query';

  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'InvalidPageQuery';
  }
}
