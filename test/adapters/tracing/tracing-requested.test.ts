import { describe, expect, it } from 'vitest';
import { tracingRequested } from '../../../adapters/tracing/tracing-requested.js';

describe('whether the OpenTelemetry settings ask for traces', () => {
  it.each<[string, Record<string, string>, boolean]>([
    ['nothing set', {}, false],
    ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    ['an endpoint for traces alone', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    ['an endpoint left blank', { OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    ['the otlp exporter named', { OTEL_TRACES_EXPORTER: 'otlp' }, true],
    ['the console exporter named, in capitals and spaces', { OTEL_TRACES_EXPORTER: ' Console ' }, true],
    ['none', { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    ['none first, before another', { OTEL_TRACES_EXPORTER: 'none,otlp' }, false],
    ['none after another: the default exporter', { OTEL_TRACES_EXPORTER: 'zipkin,none' }, true],
    ['none after a name the SDK does not have: the default exporter', { OTEL_TRACES_EXPORTER: 'jaeger,none' }, true],
    ['a name the SDK does not have before one it has', { OTEL_TRACES_EXPORTER: 'jaeger,otlp' }, true],
    [
      'only names the SDK does not have',
      { OTEL_TRACES_EXPORTER: 'jaeger,datadog', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      false,
    ],
    [
      'an exporter list of commas only',
      { OTEL_TRACES_EXPORTER: ' , ', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      true,
    ],
    ['the SDK disabled', { OTEL_SDK_DISABLED: 'TRUE', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    ['the SDK not disabled', { OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'otlp' }, true],
  ])('%s: %s', (_name, env, expected) => {
    expect(tracingRequested(env)).toBe(expected);
  });
});
