import type { StorageAdapter } from './storage-adapter.js';

/** A storage that could not open, in the words its adapter put it in; `cause` is the driver's own error. */
export class StorageOpenFailure extends Error {
  constructor(explanation: string, options: { cause: unknown }) {
    super(explanation, options);
    this.name = 'StorageOpenFailure';
  }
}

/**
 * What a failure of `adapter`'s `open` reaches the caller as: a StorageOpenFailure when the adapter
 * explains it (a driver's message may carry a connection string), else the error as it was.
 */
export function explainedOpenFailure(error: unknown, adapter: StorageAdapter): unknown {
  const explanation = adapter.explainFailure?.(error);
  return explanation === undefined ? error : new StorageOpenFailure(explanation, { cause: error });
}
