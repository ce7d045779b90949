import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * Mutation runs leave out the headless-browser test: it checks Swagger UI's rendering, which no
 * mutant of ours can change that the docs-route tests would not catch, and costs seconds a run.
 * The fuzz test drives the service in a process of its own, where no mutant is ever active.
 */
export default mergeConfig(base, defineConfig({ test: { exclude: ['test/browser/**', 'test/fuzz/**', 'node_modules/**'] } }));
