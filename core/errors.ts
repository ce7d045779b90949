/** Every code a domain error can carry: a host's table of answers must name each one. */
export type DomainErrorCode =
  | 'pet_not_found'
  | 'invalid_pet'
  | 'invalid_page_query'
  | 'storage_unavailable'
  | 'invalid_idempotency_key'
  | 'idempotency_key_in_use'
  | 'idempotency_key_reused';

/**
 * Domain errors carry a stable machine `code`; the HTTP adapter maps codes to statuses
 * in one table, so the core never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;

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

export class InvalidIdempotencyKey extends DomainError {
  readonly code = 'invalid_idempotency_key';
}

/** A request with this key is still being carried out; a retry later gets its outcome. */
export class IdempotencyKeyInUse extends DomainError {
  readonly code = 'idempotency_key_in_use';

  constructor() {
    super('A request with this Idempotency-Key is still in progress; retry it shortly');
  }
}

/** The key was first sent with another request: the client reused a key for a new request. */
export class IdempotencyKeyReused extends DomainError {
  readonly code = 'idempotency_key_reused';

  constructor() {
    super('This Idempotency-Key was already used with a different request body; send a new key for a new request');
  }
}
