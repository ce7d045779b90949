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

  /** What a host prints opening the contract with `settings`, in a Node where the packages `hidden` name are not installed. */
  function openedWithout(hidden: RegExp, settings: Record<string, string>): string {
    const hook = join(folder, `without-${String(hidden.source.length)}.mjs`);
    writeFileSync(
      hook,
      `import { registerHooks } from 'node:module';\nregisterHooks({ resolve(specifier, context, next) { if (${hidden.toString()}.test(specifier)) { throw Object.assign(new Error(\`Cannot find package '\${specifier}' imported from \${context.parentURL}\`), { code: context.conditions.includes('require') ? 'MODULE_NOT_FOUND' : 'ERR_MODULE_NOT_FOUND' }); } return next(specifier, context); } });\n`,
    );
    const started = join(folder, 'start-with-settings.mjs');
    writeFileSync(
      started,
      [
        `const { createFetchHandler } = await import(${JSON.stringify(join(ROOT, 'app/host/dist/index.js'))});`,
        `await createFetchHandler({ settings: ${JSON.stringify({ API_KEYS: 'k', ...settings })} }).then(`,
        "  () => console.log('started'),",
        '  (error) => console.log(`${error.name}: ${error.message}`),',
        ');',
      ].join('\n'),
    );
    return spawnSync(process.execPath, ['--import', hook, started], {
      encoding: 'utf8',
      timeout: 60_000,
    }).stdout.trim();
  }

  it('refuses STORAGE=mongo at start-up in one line naming the package, where the MongoDB storage is not installed', () => {
    expect(openedWithout(/^@petstore\/storage-mongodb(\/|$)/, { STORAGE: 'mongo', LOG_LEVEL: 'silent' })).toBe(
      'ConfigError: STORAGE=mongo needs the package @petstore/storage-mongodb: install it',
    );
  });

  it('refuses STORAGE=mongo in one line naming the driver, where the storage is installed without it', () => {
    expect(
      openedWithout(/^mongodb$/, { STORAGE: 'mongo', MONGODB_URI: 'mongodb://127.0.0.1:9', LOG_LEVEL: 'silent' }),
    ).toBe('StorageOpenFailure: STORAGE=mongo needs the MongoDB driver: install the package mongodb');
  });

  it('refuses LOG_FORMAT=pretty at start-up in one line naming the package, where pino-pretty is not installed', () => {
    expect(openedWithout(/^pino-pretty$/, { STORAGE: 'memory', LOG_FORMAT: 'pretty' })).toBe(
      'Error: LOG_FORMAT=pretty needs the package pino-pretty: install it',
    );
  });

  it('serves on SQLite with node:sqlite beside them, and nothing forbidden', () => {
    const { printed, loaded } = loadedBy('sqlite');
    expect(printed).toBe('201 200 [{"id":1,"name":"Rex","categoryId":1}]');
    expect(loaded.filter((name) => FORBIDDEN.test(name))).toEqual([]);
    expect(loaded.filter((name) => !LOADED_ON_MEMORY.includes(name))).toEqual(['node:sqlite']);
  });
});
