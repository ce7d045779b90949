/**
 * Domain errors carry a stable machine `code`; the HTTP adapter maps codes to statuses
 * in one table, so the core never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class PetNotFound extends DomainError {
  readonly code = 'pet_not_found';

  constructor(readonly petId: number) {
    super(`No pet has id ${petId}`);
  }
}

/** Input that breaks a domain rule; `field` names the offending input. */
export abstract class RuleViolation extends DomainError {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

export class InvalidPet extends RuleViolation {
  readonly code = 'invalid_pet';
}

export class InvalidPageQuery extends RuleViolation {
  readonly code = 'invalid_page_query';
}

/** Storage could not be reached or did not answer in time; the request may be retried. */
export class StorageUnavailable extends DomainError {
  readonly code = 'storage_unavailable';

  constructor(options?: { cause?: unknown }) {
    super('Storage is unavailable', options);
  }
}
