import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const shellBlocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, block]) => block ?? '');

describe("the README's shell examples", () => {
  it('use only what every machine with Node has (no uuidgen, missing from a stock Debian)', () => {
    expect(shellBlocks.length).toBeGreaterThan(3);
    expect(shellBlocks.filter((block) => /\buuidgen\b/.test(block))).toEqual([]);
  });

  it('stop on an empty Idempotency-Key rather than send none: curl drops an empty header, and the create would not be keyed', () => {
    const keyedHeaders = shellBlocks.flatMap((block) => [...block.matchAll(/Idempotency-Key: ([^"']*)/g)].map(([, value]) => value ?? ''));
    expect(keyedHeaders.length).toBeGreaterThan(0);
    for (const value of keyedHeaders.filter((text) => text.includes('$'))) expect(value).toMatch(/^\$\{[A-Z_]+:\?\}$/);
  });
});
