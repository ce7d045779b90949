import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT, loadConfig } from '../../app/config.js';
import { settingRows, settingsHelp, settingsTable } from '../../app/settings-help.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the settings, documented from the configuration schema', () => {
  it('lists every variable the schema reads, once, in its order', () => {
    expect(settingRows().map(({ name }) => name)).toEqual(Object.keys(ENVIRONMENT.entries));
  });

  it("gives each the schema's own default, the one loadConfig applies", () => {
    const rows = Object.fromEntries(settingRows().map((row) => [row.name, row]));
    expect(rows.PORT?.fallback).toBe('8080');
    expect(loadConfig({}).port).toBe(8080);
    expect(rows.SHUTDOWN_GRACE?.fallback).toBe('5s');
    expect(rows.MONGODB_URI?.fallback).toBeUndefined();
    expect(rows.METRICS_PORT).toMatchObject({ fallback: undefined, whenUnset: "on the API's port" });
  });

  it("is the README's configuration table, word for word (npm run docs:settings rewrites it)", () => {
    const [, table] = /<!-- settings:start -->\n([\s\S]*?)\n<!-- settings:end -->/.exec(README) ?? [];
    expect(table).toBe(settingsTable());
  });

  it('escapes a pipe inside a cell, so the table keeps its columns', () => {
    expect(settingsTable().split('\n').every((line) => line.replaceAll('\\|', '').split('|').length === 5)).toBe(true);
  });

  it('reads in a terminal: no Markdown, every line within the width, each variable with its default', () => {
    const lines = settingsHelp(60).split('\n');
    expect(lines.filter((line) => line.length > 60)).toEqual([]);
    expect(lines.some((line) => line.includes('`'))).toBe(false);
    expect(lines).toContain('  PORT (default 8080)');
    expect(lines).toContain('  CORS_ORIGINS (unset by default: CORS off)');
    expect(lines).toContain('  MONGODB_URI (unset by default)');
    expect(lines.join(' ')).toContain('OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER=otlp turns them on');
  });
});
