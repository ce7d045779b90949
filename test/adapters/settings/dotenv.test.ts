import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDotEnv } from '../../../adapters/settings/dotenv.js';

const NAMES = ['DOTENV_TEST_FROM_FILE', 'DOTENV_TEST_SET', 'DOTENV_TEST_EMPTY'];

describe('a .env file', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-dotenv-'));
  });
  afterEach(() => {
    for (const name of NAMES) Reflect.deleteProperty(process.env, name);
    rmSync(folder, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('adds its variables to the environment, leaving those the environment sets, and filling empty ones', () => {
    const path = join(folder, '.env');
    writeFileSync(path, 'DOTENV_TEST_FROM_FILE=file\nDOTENV_TEST_SET=file\nDOTENV_TEST_EMPTY="from the file"\n');
    process.env.DOTENV_TEST_SET = 'environment';
    process.env.DOTENV_TEST_EMPTY = '';
    loadDotEnv(path);
    expect(NAMES.map((name) => process.env[name])).toEqual(['file', 'environment', 'from the file']);
  });

  it('is no matter when there is none', () => {
    const before = { ...process.env };
    loadDotEnv(join(folder, '.env'));
    expect(process.env).toEqual(before);
  });

  it('that cannot be read stops the process with one line naming it and why', () => {
    const path = join(folder, '.env');
    mkdirSync(path);
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => written.push(String(text)) > 0);
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${String(code)}`);
    });
    expect(() => {
      loadDotEnv(path);
    }).toThrow('exit 1');
    expect(exit).toHaveBeenCalledOnce();
    expect(written).toEqual([`petstore: cannot read ${path} in the working directory (EISDIR)\n`]);
  });
});
