/**
 * The hexagon's rules: core/ depends on nothing but itself; adapters and the composition root may
 * depend on core, never the other way round; adapters meet only in app/. Inside the HTTP adapter,
 * each floor imports only the floors below it (docs/design.md, Layout).
 */
const { readFileSync } = require('node:fs');

/** @typedef {{ name: string, dependencies?: object, peerDependencies?: object, workspaces?: string[] }} Manifest */
/**
 * @param {string} path
 * @returns {Manifest}
 */
function manifestAt(path) {
  /** @type {unknown} */
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  return /** @type {Manifest} */ (manifest);
}

/** The workspace's packages (depcruise runs at the root): each one's folder and the siblings it depends on. */
const packages = (manifestAt('package.json').workspaces ?? []).map((folder) => {
  const manifest = manifestAt(`${folder}/package.json`);
  const needs = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  return { folder, name: manifest.name, siblings: needs.filter((name) => name.startsWith('@petstore/')) };
});
/** @type {(name: string) => string} */
const folderOf = (name) => packages.find((sibling) => sibling.name === name)?.folder ?? name;
/** @type {(folders: string[]) => string} */
const anyOf = (folders) => `^(${folders.join('|')})/`;
/** Every source folder of the workspace: each package's, and the service's (what is in no package). */
const SOURCES = '^(core|testing|adapters|app)/';
const PACKAGE_FOLDERS = anyOf(packages.map(({ folder }) => folder));

/**
 * The packages' rules: a package imports a sibling only by its name (never by a path into its folder),
 * and only a sibling its package.json depends on, so that no package reaches one above it.
 */
const packageRules = packages.flatMap(({ folder, name, siblings }) => {
  const others = packages.filter((other) => other.folder !== folder).map((other) => other.folder);
  return [
    {
      name: `${name.replace('@petstore/', '')}-imports-siblings-by-name`,
      comment: `${name} reaches another package through that package's name, not a path into its folder.`,
      severity: 'error',
      from: { path: `^${folder}/` },
      to: { path: anyOf(others), dependencyTypesNot: ['aliased'] },
    },
    {
      name: `${name.replace('@petstore/', '')}-imports-only-its-dependencies`,
      comment: `${name} imports only what its package.json depends on: no package above it, nor the service.`,
      severity: 'error',
      from: { path: `^${folder}/` },
      to: { path: SOURCES, pathNot: anyOf([folder, ...siblings.map(folderOf)]) },
    },
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...packageRules,
    {
      name: 'the-service-imports-packages-by-name',
      comment: 'The service (app/ and the adapters in no package of their own) reaches each package through its name.',
      severity: 'error',
      from: { path: SOURCES, pathNot: PACKAGE_FOLDERS },
      to: { path: PACKAGE_FOLDERS, dependencyTypesNot: ['aliased'] },
    },
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
      name: 'adapters-stay-apart',
      comment:
        'An adapter imports no other adapter: app/ is where two of them meet (a driver never reaches storage but through core ports). adapters/settings/, how any adapter reads its settings and says what is wrong with one, is shared; the Koa binding (adapters/koa/) binds the HTTP contract (adapters/http/).',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/', '^adapters/settings/', '^adapters/http/'] },
    },
    {
      name: 'only-the-koa-binding-imports-the-contract',
      comment:
        'The HTTP contract is a part of its own: of the adapters, only its Koa binding imports it, and the Redis store of its rate limit.',
      severity: 'error',
      from: { path: '^adapters/', pathNot: '^adapters/(http|koa|redis)/' },
      to: { path: '^adapters/http/' },
    },
    {
      name: 'the-ground-floors-import-only-each-other',
      comment:
        "The HTTP contract's ground floors (errors/, logs/, proxies/, request/, response/, routing/: what every request shares) import nothing else of it.",
      severity: 'error',
      from: { path: '^adapters/http/(errors|logs|proxies|request|response|routing)/' },
      to: { path: '^adapters/http/', pathNot: '^adapters/http/(errors|logs|proxies|request|response|routing)/' },
    },
    {
      name: 'operations-stand-alone',
      comment:
        'An operation (a folder under adapters/http/routes/) imports no other operation: what two share lives on a floor below them.',
      severity: 'error',
      from: { path: '^adapters/http/routes/([^/]+)/' },
      to: { path: '^adapters/http/routes/', pathNot: '^adapters/http/routes/$1/' },
    },
    {
      name: 'only-the-contract-lists-operations',
      comment:
        'The operations are listed by the contract (contract/), and imported by nothing else of it or of its bindings.',
      severity: 'error',
      from: { path: '^adapters/(http|koa)/', pathNot: ['^adapters/http/routes/', '^adapters/http/contract/'] },
      to: { path: '^adapters/http/routes/' },
    },
    {
      name: 'the-contract-is-below-its-bindings',
      comment:
        "The HTTP contract (contract/) is a floor under the hosts that bind it: the Koa app (adapters/koa/) and the fetch handler (fetch/). Nothing else of the contract's folder imports it.",
      severity: 'error',
      from: { path: '^adapters/http/', pathNot: ['^adapters/http/(contract|fetch)/', '^adapters/http/index[.]ts$'] },
      to: { path: '^adapters/http/(contract|fetch)/' },
    },
    {
      name: 'the-contract-knows-no-host',
      comment:
        "The HTTP contract imports nothing of the Koa binding, nor any module of a web framework, a Node server, a database driver or tracing, even for a type: any host's runtime must load it.",
      severity: 'error',
      from: { path: '^adapters/http/' },
      to: {
        path: [
          '^adapters/koa/',
          'node_modules/(koa|@koa/[^/]+|raw-body|helmet|mongodb|swagger-ui-dist|@opentelemetry/[^/]+|prom-client)/',
        ],
      },
    },
    {
      name: 'shared-floors-know-no-operation',
      comment: 'What operations share (bodies, schemas, the document kit, the rate limit) imports none of them.',
      severity: 'error',
      from: { path: '^adapters/http/(body|schemas|openapi|rate-limit)/' },
      to: { path: '^adapters/http/routes/' },
    },
    {
      name: 'middleware-mounts-nothing',
      comment: 'Middleware runs around the routes and imports none of them, nor the apps or the document kit.',
      severity: 'error',
      from: { path: '^adapters/koa/middleware/' },
      to: { path: '^adapters/koa/(routes|metrics)/|^adapters/koa/[^/]+[.]ts$|^adapters/http/(routes|openapi)/' },
    },
    {
      name: 'the-apps-are-the-top-floor',
      comment: 'Nothing in the Koa binding imports its apps, save the metric labels, which read the operations.',
      severity: 'error',
      from: { path: '^adapters/koa/', pathNot: '^adapters/koa/metric-labels[.]ts$' },
      to: { path: '^adapters/koa/[^/]+[.]ts$' },
    },
    {
      name: 'the-test-kit-knows-only-the-core',
      comment:
        "testing/ (petstore/testing) holds the port contracts: it may import core/, vitest and Node's own modules (the relay that takes a server away is node:net), nothing of the adapters or the app.",
      severity: 'error',
      from: { path: '^testing/' },
      to: { pathNot: ['^testing/', '^core/', 'node_modules/vitest/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'each-package-declares-what-it-loads',
      comment:
        "A module of npm imports only what its own package's package.json lists as a dependency (or a peer): what a package loads is what its users install.",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown', 'npm-dev'], dependencyTypesNot: ['type-only', 'npm-peer'] },
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
    // The packages' builds: what is checked is their sources, which imports by a package's name lead to.
    exclude: { path: ['^dist/', '^(core|testing|adapters/[a-z-]+|adapters/persistence/[a-z-]+|app/host)/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // A sibling imported by name is checked in its sources (each package's exports map them under this condition).
      conditionNames: ['petstore-source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js'],
    },
  },
};
