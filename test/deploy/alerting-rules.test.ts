import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HTTP_METRIC_LABELS } from '../../adapters/koa/metric-labels.js';
import { ServiceMetrics } from '../../adapters/metrics/service-metrics.js';
import { STORAGE_METHODS } from '../../core/storage-calls.js';
import { samplesOf } from '../support/prometheus-text.js';
import { reportSkipped, systemProgram } from '../support/system-program.js';

const FOLDER = fileURLToPath(new URL('../../deploy/prometheus', import.meta.url));
const RULES = readFileSync(join(FOLDER, 'petstore-alerts.yml'), 'utf8');

/** What the service exposes, as the composition makes its metrics. */
async function exposition(): Promise<string> {
  const metrics = new ServiceMetrics({ ...HTTP_METRIC_LABELS, storageMethods: STORAGE_METHODS }, { version: '1.0.0' });
  return (await metrics.exposition()).text;
}

/** The rules' expressions, each `expr:` on one line or as a block of the lines indented below it. */
function expressionsOf(rules: string): string[] {
  const expressions: string[] = [];
  const lines = rules.split('\n');
  lines.forEach((line, index) => {
    const [, indent = '', value = ''] = /^(\s*)expr:\s*(.*)$/.exec(line) ?? [];
    if (value === '') return;
    if (value !== '|') expressions.push(value);
    else {
      const block = lines.slice(index + 1);
      const end = block.findIndex((next) => next.trim() !== '' && next.search(/\S/) <= indent.length);
      expressions.push(block.slice(0, end === -1 ? undefined : end).join('\n'));
    }
  });
  return expressions;
}

/**
 * Each selector of the service's own metrics in the rules: its name, and the `label="value"` and
 * `label!="value"` matchers in its braces.
 */
function selectorsOf(expression: string): { name: string; matchers: { label: string; value: string }[] }[] {
  return [...expression.matchAll(/\b(petstore_[a-z_]+)(?:\{([^}]*)\})?/g)].map(([, name = '', braces = '']) => ({
    name,
    matchers: [...braces.matchAll(/(\w+)\s*!?=\s*"([^"]*)"/g)].map(([, label = '', value = '']) => ({ label, value })),
  }));
}

const promtool = systemProgram('promtool', 'prometheus');
reportSkipped('promtool on the alerting rules', promtool);

describe('deploy/prometheus/petstore-alerts.yml', () => {
  it('selects only metrics, labels and label values the service exposes', async () => {
    const samples = samplesOf(await exposition());
    const expressions = expressionsOf(RULES);
    expect(expressions).toHaveLength(RULES.match(/^\s*- alert: /gm)?.length ?? 0);
    const selectors = expressions.flatMap(selectorsOf);
    expect(new Set(selectors.map(({ name }) => name))).toEqual(
      new Set([
        'petstore_http_request_duration_seconds_count',
        'petstore_http_request_duration_seconds_bucket',
        'petstore_storage_call_duration_seconds_count',
        'petstore_http_rate_limited_requests_total',
        'petstore_build_info',
        'petstore_pet_ids_exhausted_total',
        'petstore_rate_limit_store_fallen_back',
      ]),
    );
    for (const { name, matchers } of selectors) {
      const named = samples.filter((sample) => sample.name === name);
      expect(named.length, name).toBeGreaterThan(0);
      for (const { label, value } of matchers)
        expect(
          named.some((sample) => sample.labels[label] === value),
          `${name} with ${label}="${value}"`,
        ).toBe(true);
    }
  });

  describe.skipIf('missing' in promtool)('with promtool', () => {
    const run = (args: string[], input?: string) =>
      spawnSync('path' in promtool ? promtool.path : '', args, { cwd: FOLDER, encoding: 'utf8', input });

    it('passes promtool check rules', () => {
      const checked = run(['check', 'rules', 'petstore-alerts.yml']);
      expect(checked.stdout).toContain('SUCCESS');
      expect(checked.status).toBe(0);
    });

    it('fires the alerts of its unit tests as they say (promtool test rules)', () => {
      const tested = run(['test', 'rules', 'petstore-alerts.test.yml']);
      expect(tested.stdout + tested.stderr).toContain('SUCCESS');
      expect(tested.status).toBe(0);
    });

    it("exposes metrics that promtool check metrics finds nothing wrong with, save Node's defaults", async () => {
      const checked = run(['check', 'metrics'], await exposition());
      const problems = (checked.stdout + checked.stderr).split('\n').filter((line) => line.trim() !== '');
      expect(problems.filter((line) => !/^(nodejs|process)_/.test(line))).toEqual([]);
    });
  });
});
