import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import type { OperationDependencies } from '../../adapters/http/contract/api-operations.js';
import type { ApiOperation } from '../../adapters/http/routing/api-operation.js';

const OPERATION_LIST = fileURLToPath(new URL('../../adapters/http/contract/api-operations.ts', import.meta.url));

/** Modules loaded with a longer list of operations, and how to let them go. */
export interface LoadedWithOperations<Module> {
  readonly module: Module;
  /** Loads every module afresh again, with the API's own list: call it once the file is done with `module`. */
  release(): void;
}

/**
 * What `load` imports (the test harness, say), loaded afresh as a contributor who adds operations to
 * `API_OPERATIONS` would have it: the composed service, every host, the document, `Allow`, CORS, the
 * parser's refusal and the metric labels all follow the list, with no test edited. The composition takes
 * the list from its module and from nowhere else, so the module is stood in for, after the modules loaded so
 * far are let go. Until `release`, whatever the file imports is of this set: a file runs the tests of the
 * API's own list first, then these, and releases them in afterAll, since a worker keeps its modules from one
 * file to the next (vitest.config.ts). `added` loads the operations from within the set, so that the errors
 * they throw are of the classes its contract knows.
 */
export async function withOperationsAdded<Module>(
  added: () => Promise<readonly ApiOperation<OperationDependencies>[]>,
  load: () => Promise<Module>,
): Promise<LoadedWithOperations<Module>> {
  vi.resetModules();
  vi.doMock(OPERATION_LIST, async (importOriginal) => {
    const { API_OPERATIONS } = await importOriginal<typeof import('../../adapters/http/contract/api-operations.js')>();
    return { API_OPERATIONS: [...API_OPERATIONS, ...(await added())] };
  });
  return {
    module: await load(),
    release: () => {
      vi.doUnmock(OPERATION_LIST);
      vi.resetModules();
    },
  };
}
