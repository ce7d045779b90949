import { Presets, SingleBar } from 'cli-progress';
import type { ImportPhase, ImportProgress } from './import-pets.js';

const PHASE_TEXT: Readonly<Record<ImportPhase, string>> = { checking: 'checking', writing: 'writing ' };
/** What each phase counts: the file's bytes while checking (how many pets it holds is not known yet), then pets. */
const UNIT: Readonly<Record<ImportPhase, string>> = { checking: 'bytes', writing: 'pets' };

/**
 * On a terminal, a bar per phase, redrawn in place (cli-progress: a small, long-kept library that
 * draws one bar with a throttled redraw and puts the cursor back when it stops).
 */
export function progressBar(terminal: NodeJS.WritableStream): ImportProgress {
  let shown: { phase: ImportPhase; bar: SingleBar } | undefined;
  return {
    update(phase, done, total) {
      if (shown?.phase !== phase) {
        shown?.bar.stop();
        const format = `${PHASE_TEXT[phase]} |{bar}| {percentage}%  {value}/{total} ${UNIT[phase]}`;
        shown = { phase, bar: new SingleBar({ stream: terminal, format, hideCursor: true }, Presets.shades_classic) };
        shown.bar.start(total, 0);
      }
      shown.bar.update(done);
    },
    finish() {
      shown?.bar.stop();
      shown = undefined;
    },
  };
}

/** Elsewhere (a log, a pipe), a plain line at each tenth of the way, so that a log shows progress without a flood. */
export function progressLines(writeLine: (text: string) => void): ImportProgress {
  const tenthsShown: Partial<Record<ImportPhase, number>> = {};
  return {
    update(phase, done, total) {
      const tenths = Math.floor((done / total) * 10);
      if (tenths <= (tenthsShown[phase] ?? 0)) return;
      tenthsShown[phase] = tenths;
      writeLine(`${phase}: ${tenths * 10}% (${done} of ${total} ${UNIT[phase]})\n`);
    },
    finish() {
      // Each line said where the phase stood already; the command's summary follows.
    },
  };
}
