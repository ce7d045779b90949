import { beforeAll, describe, expect, it } from 'vitest';
import { failedRulesOf } from '../support/broken-kit-run.js';
import { BROKEN_HOSTS } from './broken-hosts/broken-hosts.js';

const BROKEN = Object.entries(BROKEN_HOSTS).map(([host, { rule, says }]) => [host, rule, says] as const);

/**
 * The HTTP kit run, in a vitest of its own, against hosts that each break a rule on purpose: a rule that
 * stops catching its broken host is seen here, with the words a host's author would read.
 */
describe('the HTTP kit against hosts broken on purpose', () => {
  let failures = new Map<string, string>();

  beforeAll(() => {
    failures = failedRulesOf('test/testing/vitest.broken-hosts.config.ts');
  }, 150_000);

  it.each(BROKEN)('catches %s by the rule "%s"', (host, rule, says) => {
    const failure = failures.get(`${host} > ${rule}`);
    expect(failure, `${host} passed the rule it breaks`).toBeDefined();
    expect(failure).toContain(says);
  });

  it('fails no rule of a host that breaks none: the sound fetch handler passes every rule the broken ones run', () => {
    expect([...failures.keys()].filter((key) => !BROKEN.some(([host]) => key.startsWith(`${host} > `)))).toEqual([]);
  });
});
