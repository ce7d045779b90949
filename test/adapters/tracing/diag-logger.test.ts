import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { diagLoggerOf } from '../../../adapters/tracing/diag-logger.js';

/** The lines a logger wrote, parsed. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe("the SDK's troubles, as warning lines", () => {
  it('say in msg what went wrong, with the error the SDK handed over as JSON in a field of its own', () => {
    const { logger, lines } = capturingLogger();
    const failure = {
      stack: 'Error: connect ECONNREFUSED 127.0.0.1:9\n    at TCPConnectWrap.afterConnect',
      message: 'connect ECONNREFUSED 127.0.0.1:9',
      code: 'ECONNREFUSED',
    };
    diagLoggerOf(logger).error(JSON.stringify(failure));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'tracing: connect ECONNREFUSED 127.0.0.1:9', error: failure });
  });

  it('keep a plain message, and anything that is not an error object, as the SDK wrote it', () => {
    const { logger, lines } = capturingLogger();
    const diag = diagLoggerOf(logger);
    diag.warn('OTEL_TRACES_SAMPLER value "sometimes" invalid');
    diag.warn('{"retries":3}');
    diag.warn('{not json');
    expect(lines.map((line) => [line.msg, line.error])).toEqual([
      ['tracing: OTEL_TRACES_SAMPLER value "sometimes" invalid', undefined],
      ['tracing: {"retries":3}', undefined],
      ['tracing: {not json', undefined],
    ]);
  });

  it('leave out what is only information', () => {
    const { logger, lines } = capturingLogger();
    const diag = diagLoggerOf(logger);
    diag.info('exporting');
    diag.debug('batch of 2');
    diag.verbose('details');
    expect(lines).toEqual([]);
  });
});
