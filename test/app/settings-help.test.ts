import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT, loadConfig } from '../../app/host/config.js';
import { serviceSettingMeanings } from '../../adapters/cli/commands/setting-meanings.js';
import { settingsHelp } from '../../adapters/cli/commands/settings-help.js';
import { settingRows } from '../../app/settings-help.js';
import { settingsTable } from '../../scripts/reference-tables.js';
import { BUILT_IN_STORAGES } from '../../app/host/built-in-storages.js';

const REFERENCE = readFileSync(new URL('../../docs/reference.md', import.meta.url), 'utf8');

describe('the settings, documented from the configuration schema', () => {
  it("lists every variable the schema reads, once, in its order, each built-in storage's own after STORAGE", () => {
    const service = Object.keys(ENVIRONMENT.entries);
    const storages = BUILT_IN_STORAGES.flatMap(({ settings }) => settings.map(({ name }) => name));
    const afterStorage = service.indexOf('STORAGE') + 1;
    expect(storages).toEqual([
      'SQLITE_PATH',
      'SQLITE_SYNCHRONOUS',
      'IDEMPOTENCY_MAX_KEYS',
      'MONGODB_URI',
      'MONGODB_DB',
      'MONGODB_TIMEOUT_MS',
    ]);
    expect(settingRows().map(({ name }) => name)).toEqual([
      ...service.slice(0, afterStorage),
      ...storages,
      ...service.slice(afterStorage),
    ]);
  });

  it('has a meaning for each setting the schema reads, in its order, and for none it does not', () => {
    expect(Object.keys(serviceSettingMeanings(BUILT_IN_STORAGES))).toEqual(Object.keys(ENVIRONMENT.entries));
  });

  it('names the STORAGE value a storage setting belongs to, and every storage STORAGE can name', () => {
    const rows = Object.fromEntries(settingRows().map((row) => [row.name, row]));
    expect(rows.SQLITE_PATH?.meaning).toMatch(/^with `STORAGE=sqlite`: the database file/);
    expect(rows.MONGODB_URI?.meaning).toMatch(/^with `STORAGE=mongo`: required: /);
    expect(rows.STORAGE?.meaning).toBe(
      'where pets are kept: `sqlite` (a file), `memory` (one process, lost on restart) or `mongo` (a MongoDB server)',
    );
  });

  it("gives each the schema's own default, the one loadConfig applies", () => {
    const rows = Object.fromEntries(settingRows().map((row) => [row.name, row]));
    expect(rows.PORT?.fallback).toBe('8080');
    expect(loadConfig({}).port).toBe(8080);
    expect(rows.SHUTDOWN_GRACE?.fallback).toBe('5s');
    expect(rows.MONGODB_URI?.fallback).toBeUndefined();
    expect(rows.SQLITE_PATH?.fallback).toBe('data/petstore.db');
    expect(rows.METRICS_PORT?.fallback).toBeUndefined();
    expect(rows.METRICS_PORT?.whenUnset).toBe("on the API's port");
  });

  it("is the reference's table of settings, word for word (npm run docs:reference rewrites it)", () => {
    const [, table] = /<!-- settings:start -->\n([\s\S]*?)\n<!-- settings:end -->/.exec(REFERENCE) ?? [];
    expect(table).toBe(settingsTable());
  });

  it('escapes a pipe inside a cell, so the table keeps its columns', () => {
    expect(
      settingsTable()
        .split('\n')
        .every((line) => line.replaceAll('\\|', '').split('|').length === 5),
    ).toBe(true);
  });

  it('reads in a terminal: no Markdown, every line within the width, each variable with its default', () => {
    const lines = settingsHelp(settingRows(), 60).split('\n');
    expect(lines.filter((line) => line.length > 60)).toEqual([]);
    expect(lines.some((line) => line.includes('`'))).toBe(false);
    expect(lines).toContain('  PORT (default 8080)');
    expect(lines).toContain('  CORS_ORIGINS (unset by default: CORS off)');
    expect(lines).toContain('  MONGODB_URI (unset by default)');
    expect(lines.join(' ')).toContain('OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER=otlp turns them on');
  });
});
