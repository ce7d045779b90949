/**
 * The hexagon's one hard rule: core/ depends on nothing but itself.
 * Adapters and the composition root may depend on core, never the other way round.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-is-framework-free',
      comment: 'core/ may import only core/ (no npm packages, no node: built-ins, no adapters or app).',
      severity: 'error',
      from: { path: '^core/' },
      to: { pathNot: '^core/' },
    },
    {
      name: 'core-imports-no-builtins',
      comment: 'node built-ins are infrastructure; core/ must run in any host.',
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'adapters-do-not-know-the-app',
      comment: 'Only app/ knows which adapter implements which port.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^app/' },
    },
    {
      name: 'drivers-do-not-know-storage',
      comment: 'The HTTP driver and the command line reach storage through core ports only; app/ wires the adapter in.',
      severity: 'error',
      from: { path: '^adapters/(http|cli)/' },
      to: { path: '^adapters/persistence/' },
    },
    {
      name: 'the-test-kit-knows-only-the-core',
      comment: 'testing/ (petstore/testing) holds the port contracts: it may import core/ and vitest, nothing of the adapters or the app.',
      severity: 'error',
      from: { path: '^testing/' },
      to: { pathNot: ['^testing/', '^core/', 'node_modules/vitest/'] },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js'],
    },
  },
};
