/**
 * The hexagon's rules: core/ depends on nothing but itself; adapters and the composition root may
 * depend on core, never the other way round; adapters meet only in app/. Inside the HTTP adapter,
 * each floor imports only the floors below it (docs/design.md, Layout).
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
      name: 'adapters-stay-apart',
      comment:
        'An adapter imports no other adapter: app/ is where two of them meet (a driver never reaches storage but through core ports). adapters/settings/, how any adapter reads its settings and says what is wrong with one, is shared.',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/', '^adapters/settings/'] },
    },
    {
      name: 'the-ground-floors-import-only-each-other',
      comment:
        "The HTTP adapter's ground floors (errors/, logs/, proxies/, request/, response/, routing/: what every request shares) import nothing else of it.",
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
      name: 'only-the-apps-mount-operations',
      comment:
        'The operations are listed by the contract (contract/) and mounted by the apps (http-app.ts, metrics-app.ts), and by nothing below them.',
      severity: 'error',
      from: {
        path: '^adapters/http/',
        pathNot: ['^adapters/http/routes/', '^adapters/http/contract/', '^adapters/http/(http|metrics)-app[.]ts$'],
      },
      to: { path: '^adapters/http/routes/' },
    },
    {
      name: 'the-contract-is-below-its-bindings',
      comment:
        "The HTTP contract (contract/) is a floor under the hosts that bind it: the Koa app (its middleware and the files at adapters/http/'s top) and the fetch handler (fetch/). Nothing else of the adapter imports it.",
      severity: 'error',
      from: {
        path: '^adapters/http/',
        pathNot: ['^adapters/http/(contract|fetch|middleware)/', '^adapters/http/[^/]+[.]ts$'],
      },
      to: { path: '^adapters/http/(contract|fetch)/' },
    },
    {
      name: 'the-contract-knows-no-host',
      comment:
        "The contract and the fetch handler import nothing of the Koa binding (its middleware, server, metrics and apps, the routes only it serves), nor any module of a web framework, a Node server, a database driver or tracing's SDK, even for a type: any host's runtime must load them.",
      severity: 'error',
      from: { path: '^adapters/http/(contract|fetch)/' },
      to: {
        path: [
          '^adapters/http/(middleware|server|metrics)/',
          '^adapters/http/[^/]+[.]ts$',
          '^adapters/http/routes/(docs|health|metrics)/',
          'node_modules/(koa|@koa/[^/]+|raw-body|helmet|mongodb|swagger-ui-dist|@opentelemetry/(?!api/))',
        ],
      },
    },
    {
      name: 'shared-floors-know-no-middleware',
      comment:
        'What operations and middleware share (bodies, schemas, the document kit, the rate limit) imports neither of them, nor the apps.',
      severity: 'error',
      from: { path: '^adapters/http/(body|schemas|openapi|rate-limit)/' },
      to: { path: '^adapters/http/(middleware/|metrics/|routes/|[^/]+[.]ts$)' },
    },
    {
      name: 'middleware-mounts-nothing',
      comment: 'Middleware runs around the routes and imports none of them, nor the apps or the document kit.',
      severity: 'error',
      from: { path: '^adapters/http/middleware/' },
      to: { path: '^adapters/http/(routes|openapi|metrics)/|^adapters/http/[^/]+[.]ts$' },
    },
    {
      name: 'the-apps-are-the-top-floor',
      comment:
        'Nothing in the HTTP adapter imports its apps or its parser listener, save the metric labels, which read the operations.',
      severity: 'error',
      from: { path: '^adapters/http/', pathNot: '^adapters/http/metric-labels[.]ts$' },
      to: { path: '^adapters/http/[^/]+[.]ts$' },
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
