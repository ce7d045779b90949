import { Presets, SingleBar } from 'cli-progress';
import type { ImportPhase, ImportProgress } from './import-pets.js';

const PHASE_TEXT: Readonly<Record<ImportPhase, string>> = { checking: 'checking', writing: 'writing ' };

/**
 * On a terminal, a bar per phase, redrawn in place (cli-progress: a small, long-kept library that
 * draws one bar with a throttled redraw and puts the cursor back when it stops).
 */
export function progressBar(terminal: NodeJS.WritableStream): ImportProgress {
  let bar: SingleBar | undefined;
  let barPhase: ImportPhase | undefined;
  return {
    update(phase, done, total) {
      if (barPhase !== phase) {
        bar?.stop();
        bar = new SingleBar({ stream: terminal, format: `${PHASE_TEXT[phase]} |{bar}| {percentage}%  {value}/{total} ${phase === 'checking' ? 'bytes' : 'pets'}`, hideCursor: true }, Presets.shades_classic);
        bar.start(total, 0);
        barPhase = phase;
      }
      bar?.update(done);
    },
    finish(phase) {
      if (barPhase === phase) bar?.stop();
      bar = undefined;
      barPhase = undefined;
    },
  };
}

/** Elsewhere (a log, a pipe), a plain line at each tenth of the way, so that a log shows progress without a flood. */
export function progressLines(writeLine: (text: string) => void): ImportProgress {
  const tenthsShown: Partial<Record<ImportPhase, number>> = {};
  return {
    update(phase, done, total) {
      const tenths = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenths <= (tenthsShown[phase] ?? 0)) return;
      tenthsShown[phase] = tenths;
      writeLine(`${phase}: ${tenths * 10}% (${done} of ${total} ${phase === 'checking' ? 'bytes' : 'pets'})\n`);
    },
    finish() {
      // Each line said where the phase stood already; the command's summary follows.
    },
  };
}
