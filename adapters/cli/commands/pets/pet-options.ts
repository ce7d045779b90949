import { Option } from 'commander';
import { PET_STATUSES } from '@petstore/core/pet.js';

/** `--json` for the commands that write pets. */
export function petsAsJsonOption(): Option {
  return new Option('--json', 'write JSON (one pet a line) instead of a table');
}

/** `--status`, held to the core's statuses. */
export function statusOption(): Option {
  return new Option('--status <status>', 'one of the pet statuses').choices(PET_STATUSES);
}
