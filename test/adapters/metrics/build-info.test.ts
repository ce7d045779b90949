import { describe, expect, it } from 'vitest';
import { ServiceMetrics } from '../../../adapters/metrics/service-metrics.js';
import { samplesOf } from '../../support/prometheus-text.js';

const LABELS = { operations: ['listPets'], statusClasses: ['2xx'], storageMethods: {} };

/** The exposition's build info: its declared type and help, and its samples. */
async function buildInfoOf(metrics: ServiceMetrics) {
  const { text } = await metrics.exposition();
  return {
    type: /^# TYPE petstore_build_info (\w+)$/m.exec(text)?.[1],
    help: /^# HELP petstore_build_info (.*)$/m.exec(text)?.[1],
    samples: samplesOf(text).filter((sample) => sample.name === 'petstore_build_info'),
  };
}

describe('petstore_build_info', () => {
  it('is one gauge at 1 labelled with the version it is given and the Node.js version that runs it', async () => {
    const info = await buildInfoOf(new ServiceMetrics(LABELS, { version: '1.2.3' }));
    expect(info.type).toBe('gauge');
    expect(info.help).toMatch(/version/);
    expect(info.samples).toEqual([
      { name: 'petstore_build_info', labels: { version: '1.2.3', node: process.version }, value: 1 },
    ]);
  });

  it('takes the Node.js version from its caller when given one', async () => {
    const info = await buildInfoOf(new ServiceMetrics(LABELS, { version: '2.0.0-rc.1', node: 'v99.0.0' }));
    expect(info.samples).toEqual([
      { name: 'petstore_build_info', labels: { version: '2.0.0-rc.1', node: 'v99.0.0' }, value: 1 },
    ]);
  });

  it('says the version is unknown when none is given', async () => {
    const info = await buildInfoOf(new ServiceMetrics(LABELS));
    expect(info.samples).toEqual([
      { name: 'petstore_build_info', labels: { version: 'unknown', node: process.version }, value: 1 },
    ]);
  });
});
