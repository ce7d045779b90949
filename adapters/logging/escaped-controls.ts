import type { DestinationStream } from 'pino';

/**
 * DEL and the C1 controls (U+007F to U+009F), which JSON may carry raw and pino, JSON.stringify and pino-pretty
 * leave so; a terminal that honours C1 acts on them (U+009B starts a control sequence, as ESC [ does). C0 is
 * escaped by every JSON writer already, and pino-pretty removes it from messages.
 */
const DEL_AND_C1 = /[\u007f-\u009f]/g;

/**
 * `text` with DEL and each C1 control written as a JSON escape (`\u009b`). Outside its strings JSON text holds
 * no such character, so a JSON line escaped so reads back as the very same values.
 */
export function escapeControls(text: string): string {
  return text.replace(DEL_AND_C1, (control) => `\\u00${control.charCodeAt(0).toString(16)}`);
}

/** `destination`, each line written with its control characters escaped. */
export function controlsEscaped(destination: DestinationStream): DestinationStream {
  return {
    write: (line: string) => {
      destination.write(escapeControls(line));
    },
  };
}
