import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * Mutation runs leave out the headless-browser test: it checks Swagger UI's rendering, which no
 * mutant of ours can change that the docs-route tests would not catch, and costs seconds a run.
 */
export default mergeConfig(base, defineConfig({ test: { exclude: ['test/browser/**', 'node_modules/**'] } }));
