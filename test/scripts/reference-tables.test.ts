import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../adapters/http/wire/error-codes.js';
import { errorTable } from '../../scripts/reference-tables.js';

const REFERENCE = readFileSync(new URL('../../docs/reference.md', import.meta.url), 'utf8');

describe("the error codes, documented from the HTTP adapter's table", () => {
  it("is the reference's table of error codes, word for word (npm run docs:reference rewrites it)", () => {
    const [, table] = /<!-- errors:start -->\n([\s\S]*?)\n<!-- errors:end -->/.exec(REFERENCE) ?? [];
    expect(table).toBe(errorTable());
  });

  it("has a row for every code, in the table's order, with its status and when it is sent", () => {
    const rows = errorTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `(\w+)` \|/.exec(row)?.[1])).toEqual(Object.keys(ERRORS));
    expect(rows).toContain('| `unauthorized` | 401 | the API key is missing, malformed or unknown |');
    expect(rows).toContain(
      '| `service_unavailable` | 503 | storage is unreachable; retry after `Retry-After` seconds |',
    );
  });

  it('escapes a pipe inside a cell, so the table keeps its columns', () => {
    expect(
      errorTable()
        .split('\n')
        .every((line) => line.replaceAll('\\|', '').split('|').length === 5),
    ).toBe(true);
  });
});
