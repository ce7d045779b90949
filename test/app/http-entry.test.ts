import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeModuleReportHook } from '../support/module-report-hook.js';
import { ROOT } from '../support/petstore-command.js';

/** What no host of the contract may have to load: a web framework, a database driver, tracing's SDK, a server. */
const FORBIDDEN =
  /^(koa|@koa\/.+|raw-body|helmet|mongodb|@opentelemetry\/.+|swagger-ui-dist|pino-pretty|commander|cli-progress|prom-client|node:https?|node:net|node:tls|node:http2)$/;

/** The packages and Node modules the fetch handler loads from petstore/http, to serve a create and a list. */
const LOADED_ON_MEMORY = [
  '@inversifyjs/common',
  '@inversifyjs/container',
  '@inversifyjs/core',
  '@inversifyjs/plugin',
  '@inversifyjs/prototype-utils',
  '@inversifyjs/reflect-metadata-utils',
  '@pinojs/redact',
  '@valibot/to-json-schema',
  'atomic-sleep',
  'bytes',
  'content-type',
  'forwarded-parse',
  'inversify',
  'ipaddr.js',
  'lru-cache',
  'ms',
  'node:assert',
  'node:buffer',
  'node:crypto',
  'node:diagnostics_channel',
  'node:events',
  'node:fs',
  'node:module',
  'node:os',
  'node:path',
  'node:querystring',
  'node:tty',
  'node:url',
  'node:util',
  'node:worker_threads',
  'node:zlib',
  'on-exit-leak-free',
  'pino',
  'pino-std-serializers',
  'quick-format-unescaped',
  'reflect-metadata',
  'safe-stable-stringify',
  'sonic-boom',
  'thread-stream',
  'valibot',
];

describe('the petstore/http entry', () => {
  let folder: string;
  let program: string;
  let hook: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-http-entry-'));
    hook = writeModuleReportHook(folder);
    writeFileSync(
      hook,
      "import { registerHooks } from 'node:module';\nregisterHooks({ resolve(specifier, context, next) { const resolved = next(specifier, context); process.stderr.write(`module ${resolved.url}\\n`); return resolved; } });\n",
    );
    program = join(folder, 'serve-two-requests.mjs');
    writeFileSync(
      program,
      [
        `const { createFetchHandler } = await import(${JSON.stringify(join(ROOT, 'app/host/dist/index.js'))});`,
        `const service = await createFetchHandler({ settings: { STORAGE: process.argv[2], SQLITE_PATH: ${JSON.stringify(join(folder, 'pets.db'))}, API_KEYS: 'k' }, logger: false });`,
        "const headers = { authorization: 'Bearer k', 'content-type': 'application/json' };",
        'const created = await service.fetch(new Request(\'http://x/v1/pets\', { method: \'POST\', headers, body: \'{"name":"Rex","categoryId":1}\' }));',
        "const listed = await service.fetch(new Request('http://x/v1/pets', { headers }));",
        'console.log(created.status, listed.status, await listed.text());',
        'await service.close();',
      ].join('\n'),
    );
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  /** The packages (by name) and Node modules a run resolved, and what it printed. */
  function loadedBy(storage: string): { printed: string; loaded: string[] } {
    const run = spawnSync(process.execPath, ['--import', hook, program, storage], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const modules = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('module '))
      .map((line) => line.slice('module '.length));
    const names = modules.flatMap((url) => {
      if (url.startsWith('node:')) return [url];
      const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
      return inPackage ? [inPackage[1] as string] : [];
    });
    return { printed: run.stdout.trim(), loaded: [...new Set(names)].sort() };
  }

  it('serves on memory loading only these packages and Node modules: no framework, driver, SDK or server', () => {
    const { printed, loaded } = loadedBy('memory');
    expect(printed).toBe('201 200 [{"id":1,"name":"Rex","categoryId":1}]');
    expect(loaded.filter((name) => FORBIDDEN.test(name))).toEqual([]);
    expect(loaded).toEqual(LOADED_ON_MEMORY);
  });

  it('refuses STORAGE=mongo at start-up in one line naming the package, where the MongoDB driver is not installed', () => {
    // A resolve hook that finds no `mongodb`, as in a project that did not install it.
    const withoutDriver = join(folder, 'without-mongodb.mjs');
    writeFileSync(
      withoutDriver,
      "import { registerHooks } from 'node:module';\nregisterHooks({ resolve(specifier, context, next) { if (specifier === 'mongodb') { throw Object.assign(new Error(`Cannot find package 'mongodb' imported from ${context.parentURL}`), { code: 'ERR_MODULE_NOT_FOUND' }); } return next(specifier, context); } });\n",
    );
    const started = join(folder, 'start-on-mongo.mjs');
    writeFileSync(
      started,
      [
        `const { createFetchHandler } = await import(${JSON.stringify(join(ROOT, 'app/host/dist/index.js'))});`,
        "await createFetchHandler({ settings: { STORAGE: 'mongo', MONGODB_URI: 'mongodb://127.0.0.1:9', API_KEYS: 'k' }, logger: false }).then(",
        "  () => console.log('started'),",
        '  (error) => console.log(`${error.name}: ${error.message}`),',
        ');',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['--import', withoutDriver, started], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout.trim()).toBe(
      'StorageOpenFailure: STORAGE=mongo needs the MongoDB driver: install the package mongodb',
    );
  });

  it('serves on SQLite with node:sqlite beside them, and nothing forbidden', () => {
    const { printed, loaded } = loadedBy('sqlite');
    expect(printed).toBe('201 200 [{"id":1,"name":"Rex","categoryId":1}]');
    expect(loaded.filter((name) => FORBIDDEN.test(name))).toEqual([]);
    expect(loaded.filter((name) => !LOADED_ON_MEMORY.includes(name))).toEqual(['node:sqlite']);
  });
});
