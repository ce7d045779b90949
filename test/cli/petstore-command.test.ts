import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { closedPort } from '../support/tcp-proxy.js';
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
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: 'petstore: --limit must be an integer from 1 to 100\n' });
  });

  it('with memory storage, keeps pets for that process only: what memory means', async () => {
    const added = await runPetstore(['pets', 'add', '--name', 'Rex', '--category-id', '3', '--json']);
    expect(added).toEqual({ code: 0, stdout: '{"id":1,"name":"Rex","categoryId":3}\n', stderr: '' });
    expect(await runPetstore(['pets', 'get', '1'])).toEqual({ code: 1, stdout: '', stderr: 'petstore: No pet has id 1\n' });
  });

  it('exits 1 with one line, never the URI, when the database is out of reach', async () => {
    const uri = `mongodb://user:secret@127.0.0.1:${await closedPort()}`;
    const result = await runPetstore(['pets', 'list'], { STORAGE: 'mongo', MONGODB_URI: uri, MONGODB_TIMEOUT_MS: '300' });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'petstore: storage is not reachable; check STORAGE and MONGODB_URI, and that the database is up\n',
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
    const pets = (authorization: string) => fetchDocumented(`http://127.0.0.1:${port}/v1/pets`, { headers: { Authorization: authorization } });
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
    expect((await runPetstore(['pets', 'add', '--name', 'Rex', '--category-id', '3', '--status', 'sold'], env())).code).toBe(0);
    expect((await runPetstore(['pets', 'add', '--name', 'Tom', '--category-id', '4'], env())).code).toBe(0);
    expect((await runPetstore(['pets', 'list', '--json'], env())).stdout).toBe(
      '{"id":1,"name":"Rex","categoryId":3,"status":"sold"}\n{"id":2,"name":"Tom","categoryId":4}\n',
    );
    expect((await runPetstore(['pets', 'get', '2', '--json'], env())).stdout).toBe('{"id":2,"name":"Tom","categoryId":4}\n');
  });
});
