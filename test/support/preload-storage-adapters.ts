// Mutation runs only (vitest.stryker.config.ts). The use-case container loads a database's adapters
// when a test first composes that storage, so their module-level code would run inside that one test,
// and Stryker would count its mutants as covered by it; a module runs that code once, so those
// mutants could never take effect and would count as survivors. Loaded here, before any test, that
// code is static, as it is for every module a test file imports.
import { storageAdapters } from '../../app/use-case-container.js';

await Promise.all(Object.values(storageAdapters).map((load) => load()));
