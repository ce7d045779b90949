import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { closedPort } from '../../testing/tcp-proxy.js';
import { mongoPerTest, mongoUri, noMongo } from '../support/mongo.js';
import { PETSTORE_BIN, runPetstore } from '../support/petstore-command.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { fetchDocumented } from '../support/openapi-check.js';

describe('the petstore command, run as a user runs it', () => {
  it('is the bin package.json names, built with its shebang', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
    expect(manifest.bin).toEqual({ petstore: PETSTORE_BIN });
    expect(readFileSync(PETSTORE_BIN, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('answers --help with exit 0 and its commands', async () => {
    const { code, stdout } = await runPetstore(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('pets ');
    expect(stdout).toContain('keys ');
  });

  it('exits 2 on a usage error, with one readable line and no stack trace', async () => {
    const { code, stdout, stderr } = await runPetstore(['pets', 'list', '--limit', '500']);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: 'petstore: --limit must be an integer from 1 to 100\n',
    });
  });

  it('with memory storage, keeps pets for that process only: what memory means', async () => {
    const added = await runPetstore(['pets', 'add', '--name', 'Rex', '--category-id', '3', '--json']);
    expect(added).toEqual({ code: 0, stdout: '{"id":1,"name":"Rex","categoryId":3}\n', stderr: '' });
    expect(await runPetstore(['pets', 'get', '1'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'petstore: No pet has id 1\n',
    });
  });

  it('loads neither the web framework nor the MongoDB driver, which a command on memory storage never uses', async () => {
    // NODE_DEBUG=module makes Node name, on stderr, each CommonJS module it loads: these two are CommonJS.
    const { code, stderr } = await runPetstore(['pets', 'list'], { NODE_DEBUG: 'module' });
    const packages = new Set(stderr.match(/(?<=node_modules\/)[^/"']+(?=\/)/g));
    expect(code).toBe(0);
    expect(packages).toContain('pino'); // loaded by every command: the listing works
    expect(['koa', 'mongodb'].filter((unused) => packages.has(unused))).toEqual([]);
  });

  it("exits 1 with one line in its storage's words, as serve does, never the URI, when the database is out of reach", async () => {
    const uri = `mongodb://user:secret@127.0.0.1:${await closedPort()}`;
    const result = await runPetstore(['pets', 'list'], {
      STORAGE: 'mongo',
      MONGODB_URI: uri,
      MONGODB_TIMEOUT_MS: '300',
    });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'petstore: storage is not reachable within MONGODB_TIMEOUT_MS; check MONGODB_URI and the server\n',
    });
  });

  it('exits 1 on a bad setting, naming it', async () => {
    expect(await runPetstore(['pets', 'list'], { STORAGE: 'mongo' })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'petstore: configuration error: MONGODB_URI must be set when STORAGE=mongo\n',
    });
  });
});

/** A JSON Lines file of `count` pets with ids 1, 3, 5, ... and, if asked, one bad line; removed after each test. */
function importFiles() {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-command-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return (name: string, count: number, badLine?: number): string => {
    const lines = Array.from({ length: count }, (_, index) =>
      index + 1 === badLine
        ? '{"id":"x"}'
        : JSON.stringify({
            id: 2 * index + 1,
            name: `Pet ${index + 1}`,
            categoryId: index % 4,
            ...(index % 3 === 0 ? { status: 'sold' } : {}),
          }),
    );
    const path = join(dir, name);
    writeFileSync(path, lines.map((line) => `${line}\n`).join(''));
    return path;
  };
}

describe('petstore pets import and export, run as a user runs them, on memory storage', () => {
  const fileOf = importFiles();

  it('imports a file, with plain progress lines on a stderr that is not a terminal, and exports nothing from a new process', async () => {
    const path = fileOf('pets.ndjson', 1_500);
    const imported = await runPetstore(['pets', 'import', path]);
    expect({ code: imported.code, stdout: imported.stdout }).toEqual({
      code: 0,
      stdout: `imported ${path} (restore): 1500 pets, 1500 added, 0 unchanged\n`,
    });
    expect(imported.stderr).toMatch(
      /^(?:checking: \d0% \([\d.]+ KB of [\d.]+ KB\)\n)*checking: 100% \([\d.]+ KB of [\d.]+ KB\)\n(?:confirming: \d0% \([\d.]+ KB of [\d.]+ KB\)\n)*confirming: 100% \([\d.]+ KB of [\d.]+ KB\)\nwriting: 60% \(1000 of 1500 pets\)\nwriting: 100% \(1500 of 1500 pets\)\n$/,
    );
    // Memory storage lives as long as its process: the next command starts from nothing.
    expect(await runPetstore(['pets', 'export'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('stops on SIGTERM between steps with exit 143 and one line saying so', async () => {
    const path = fileOf('many.ndjson', 200_000);
    const child = spawn(process.execPath, [PETSTORE_BIN, 'pets', 'import', path], {
      env: { PATH: process.env.PATH ?? '', STORAGE: 'memory' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr === '') child.kill('SIGTERM');
      stderr += chunk.toString();
    });
    const [code] = (await once(child, 'close')) as [number | null];
    expect(code).toBe(143);
    expect(stderr.split('\n').filter((line) => line.startsWith('petstore: '))).toEqual([
      'petstore: interrupted by SIGTERM; nothing was imported',
    ]);
  });

  it('refuses a file with a bad line in the middle with exit 1, naming the line', async () => {
    const path = fileOf('bad.ndjson', 1_500, 700);
    const refused = await runPetstore(['pets', 'import', path, '--mode', 'merge']);
    expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 1, stdout: '' });
    expect(refused.stderr.split('\n').at(-2)).toBe(
      `petstore: ${path} line 700: id must be a pet id: an integer from 1 to 9007199254740991; nothing was imported`,
    );
    expect(refused.stderr).not.toMatch(/^writing/m);
  });
});

describe('petstore keys new', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    service?.child.kill('SIGKILL');
    await service?.exited;
    service = undefined;
  });

  it('prints a key once and its digest, which the API accepts in API_KEY_DIGESTS without ever holding the key', async () => {
    const made = await runPetstore(['keys', 'new', '--json']);
    expect(made.code).toBe(0);
    const { key, digest } = JSON.parse(made.stdout) as { key: string; digest: string };
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const again = JSON.parse((await runPetstore(['keys', 'new', '--json'])).stdout) as { key: string };
    expect(again.key).not.toBe(key);

    service = startService({ API_KEY_DIGESTS: digest, NODE_ENV: 'production' });
    const { port } = (await service.waitForLog('petstore listening')) as { port: number };
    const pets = (authorization: string) =>
      fetchDocumented(`http://127.0.0.1:${port}/v1/pets`, { headers: { Authorization: authorization } });
    expect((await pets(`Bearer ${key}`)).status).toBe(200);
    expect((await pets(`Bearer ${again.key}`)).status).toBe(401);
    expect((await pets(`Bearer ${digest}`)).status).toBe(401);
    expect(service.output()).not.toContain(key);
  });
});

describe.skipIf(noMongo)('the petstore command over MongoDB', () => {
  const mongo = mongoPerTest();

  it('adds, lists and gets across processes: the catalogue is the database', async () => {
    const env = () => ({ STORAGE: 'mongo', MONGODB_URI: mongoUri(), MONGODB_DB: mongo.fixture.databaseName });
    expect(
      (await runPetstore(['pets', 'add', '--name', 'Rex', '--category-id', '3', '--status', 'sold'], env())).code,
    ).toBe(0);
    expect((await runPetstore(['pets', 'add', '--name', 'Tom', '--category-id', '4'], env())).code).toBe(0);
    expect((await runPetstore(['pets', 'list', '--json'], env())).stdout).toBe(
      '{"id":1,"name":"Rex","categoryId":3,"status":"sold"}\n{"id":2,"name":"Tom","categoryId":4}\n',
    );
    expect((await runPetstore(['pets', 'get', '2', '--json'], env())).stdout).toBe(
      '{"id":2,"name":"Tom","categoryId":4}\n',
    );
  });

  describe('export and import', () => {
    const fileOf = importFiles();
    const env = () => ({ STORAGE: 'mongo', MONGODB_URI: mongoUri(), MONGODB_DB: mongo.fixture.databaseName });

    it('restores a file, exports it byte for byte, and a second restore adds nothing', async () => {
      const path = fileOf('pets.ndjson', 2_500);
      expect((await runPetstore(['pets', 'import', path], env())).stdout).toBe(
        `imported ${path} (restore): 2500 pets, 2500 added, 0 unchanged\n`,
      );
      const exported = await runPetstore(['pets', 'export'], env());
      expect({ code: exported.code, stderr: exported.stderr }).toEqual({ code: 0, stderr: '' });
      expect(exported.stdout).toBe(readFileSync(path, 'utf8'));
      expect((await runPetstore(['pets', 'import', path, '--json'], env())).stdout).toBe(
        '{"pets":2500,"added":0,"unchanged":2500}\n',
      );
      expect((await runPetstore(['pets', 'export'], env())).stdout).toBe(exported.stdout);
      // The id counter moved past the restored ids: the next pet gets the next id.
      expect((await runPetstore(['pets', 'add', '--name', 'Next', '--category-id', '1', '--json'], env())).stdout).toBe(
        '{"id":5000,"name":"Next","categoryId":1}\n',
      );
    });

    it('refuses a file with a bad line in the middle, and the database holds nothing of it', async () => {
      const path = fileOf('bad.ndjson', 2_500, 1_800);
      const refused = await runPetstore(['pets', 'import', path], env());
      expect(refused.code).toBe(1);
      expect(refused.stderr.split('\n').at(-2)).toMatch(new RegExp(`^petstore: ${path} line 1800: `));
      expect((await runPetstore(['pets', 'export'], env())).stdout).toBe('');
    });

    it('ends quietly when the reader of an export leaves early', async () => {
      const path = fileOf('pets.ndjson', 5_000);
      await runPetstore(['pets', 'import', path], env());
      const child = spawn(process.execPath, [PETSTORE_BIN, 'pets', 'export'], {
        env: { PATH: process.env.PATH ?? '', ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await once(child.stdout, 'data');
      child.stdout.destroy();
      const [code] = (await once(child, 'close')) as [number | null];
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    });
  });
});
