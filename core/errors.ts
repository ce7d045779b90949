/** Every code a domain error can carry: a host's table of answers must name each one. */
export type DomainErrorCode =
  | 'pet_not_found'
  | 'invalid_pet'
  | 'invalid_page_query'
  | 'storage_unavailable'
  | 'pet_ids_exhausted'
  | 'invalid_idempotency_key'
  | 'idempotency_key_in_use'
  | 'idempotency_key_reused';

/** An error named for its class, with a stable machine `code` of its family. */
abstract class CodedError<Code extends string> extends Error {
  abstract readonly code: Code;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Domain errors carry a stable machine `code`; the HTTP adapter maps codes to statuses
 * in one table, so the core never speaks HTTP.
 */
export abstract class DomainError extends CodedError<DomainErrorCode> {}

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

/**
 * Every pet id is taken: the highest id storage can hold was handed out or restored, so no pet can be
 * added. Reads go on; the storage is not unavailable, and retrying does not help.
 */
export class PetIdsExhausted extends DomainError {
  readonly code = 'pet_ids_exhausted';

  constructor() {
    super('No pet id is left to hand out: the highest pet id is taken, so no pet can be added');
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

/** Every code an import can stop with: no request host answers with these. */
export type ImportErrorCode = 'restore_conflict' | 'import_refused' | 'import_stopped' | 'import_interrupted';

/** Why moving pets into storage (an import, a restore) did not happen, or stopped part way. */
export abstract class ImportError extends CodedError<ImportErrorCode> {}

/** A restore would have overwritten a different pet: storage keeps what it has. */
export class RestoreConflict extends ImportError {
  readonly code = 'restore_conflict';

  constructor(readonly id: number) {
    super(`pet ${id} is stored already with other fields`);
  }
}

/** The backup cannot be imported as it is; nothing of it was written. `place` is where, when one entry is to blame. */
export class ImportRefused extends ImportError {
  readonly code = 'import_refused';

  constructor(
    readonly place: number | undefined,
    where: string,
    reason: string,
  ) {
    super(`${where}: ${reason}`);
  }
}

/** The host asked the import to stop (its abort signal's `reason` says why) before anything was written. */
export class ImportInterrupted extends ImportError {
  readonly code = 'import_interrupted';

  constructor(readonly reason: unknown) {
    super('interrupted');
  }
}

/** Writing stopped part way: the pets before `place` are stored, the rest are not. */
export class ImportStopped extends ImportError {
  readonly code = 'import_stopped';

  constructor(
    readonly place: number,
    where: string,
    readonly written: number,
    /** What to do to finish the import. */
    hint: string,
    options: { cause: unknown },
  ) {
    super(`the import stopped at ${where}: the ${written} pets before it are written; ${hint}`, options);
  }
}
