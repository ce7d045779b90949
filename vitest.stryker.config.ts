import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * Mutation runs leave out the headless-browser test: it checks Swagger UI's rendering, which no
 * mutant of ours can change that the docs-route tests would not catch, and costs seconds a run.
 * The fuzz test drives the service in a process of its own, where no mutant is ever active; so
 * do the tests of the built `petstore` command (test/cli/), which runs dist/, never the sandbox's mutants.
 */
export default mergeConfig(base, defineConfig({ test: { exclude: ['test/browser/**', 'test/fuzz/**', 'test/cli/**', 'node_modules/**'] } }));
