import { describe, expect, it } from 'vitest';
import { settingsHelp } from '../../../../adapters/cli/commands/settings-help.js';

const LONG_MEANING = 'what it does, said at length so that it needs more than one line at forty columns and more';

describe("serve --help's settings", () => {
  it('opens with where the settings are read from, then each setting, then a blank line and how traces are turned on', () => {
    const text = settingsHelp([{ name: 'PORT', fallback: '8080', meaning: 'TCP port' }], 400);
    expect(text).toBe(
      'Settings, read from the environment and from a .env file in the working directory (a variable set in the ' +
        'environment wins; an empty one counts as unset):\n' +
        '  PORT (default 8080)\n' +
        '    TCP port\n' +
        '\n' +
        'Traces (OpenTelemetry, off by default): OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER=otlp turns them ' +
        "on; OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER and the other OTEL_* settings mean what OpenTelemetry's " +
        'specification says.\n',
    );
  });

  it('uses the width it is given for a meaning, down to 40 columns and no narrower', () => {
    const wide = settingsHelp([{ name: 'WIDE', meaning: LONG_MEANING }], 120).split('\n');
    expect(wide).toContain(`    ${LONG_MEANING}`);
    const narrow = settingsHelp([{ name: 'NARROW', meaning: LONG_MEANING }], 20).split('\n');
    const meaningLines = narrow.filter((line) => line.startsWith('    '));
    expect(Math.max(...meaningLines.map((line) => line.length))).toBeGreaterThan(30);
    expect(meaningLines.every((line) => line.length <= 44)).toBe(true);
  });

  it('says what holds while a setting without a default is unset', () => {
    const lines = settingsHelp([{ name: 'CORS_ORIGINS', whenUnset: 'CORS `off`', meaning: 'origins' }], 80).split('\n');
    expect(lines).toContain('  CORS_ORIGINS (unset by default: CORS off)');
    expect(settingsHelp([{ name: 'MONGODB_URI', meaning: 'where' }], 80).split('\n')).toContain(
      '  MONGODB_URI (unset by default)',
    );
  });
});
