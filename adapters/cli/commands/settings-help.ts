import { Help } from 'commander';
import type { SettingHelp } from '@petstore/settings/read-settings.js';

/** Commander's own wrapping, as its help uses, at any width: lines break at spaces, within `width`. */
const help = Object.assign(new Help(), { minWidthToWrap: 0 });
const wrap = (text: string, width: number): string[] => help.boxWrap(text, width).split('\n');

/** Traces are OpenTelemetry's to configure: its own variables, which the SDK reads, not the settings' schema. */
const TRACES_HELP =
  'Traces (OpenTelemetry, off by default): OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER=otlp turns them on; ' +
  "OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER and the other OTEL_* settings mean what OpenTelemetry's specification says.";

/** The settings for a terminal (`serve --help`): each meaning wrapped to `columns`, and how traces are turned on. */
export function settingsHelp(rows: readonly SettingHelp[], columns: number): string {
  const plain = (text: string) => text.replaceAll('`', '');
  const indent = '    ';
  const blocks = rows.map(({ name, fallback, whenUnset, meaning }) => {
    const unset = whenUnset === undefined ? 'unset by default' : `unset by default: ${plain(whenUnset)}`;
    const heading = `  ${name} (${fallback === undefined ? unset : `default ${fallback}`})`;
    return [heading, ...wrap(plain(meaning), Math.max(columns - indent.length, 40)).map((line) => indent + line)].join(
      '\n',
    );
  });
  const heading = wrap(
    'Settings, read from the environment and from a .env file in the working directory (a variable set in the ' +
      'environment wins; an empty one counts as unset):',
    columns,
  );
  const traces = wrap(TRACES_HELP, columns);
  return `${[...heading, ...blocks, '', ...traces].join('\n')}\n`;
}
