import bytes from 'bytes';
import { Presets, SingleBar } from 'cli-progress';
import type { ImportPhase, ImportProgress } from '@petstore/core/use-cases/import-pets.js';

// bytes answers null only for a number that is not finite, which a count of bytes never is.
const fileBytes = (count: number) => bytes(count, { unitSeparator: ' ', decimalPlaces: 1 }) as string;

/**
 * What each phase counts, as a reader reads it: the file's size while checking (how many pets it holds is not known
 * yet), then pets.
 */
const AMOUNT: Readonly<Record<ImportPhase, (count: number) => string>> = {
  checking: fileBytes,
  confirming: fileBytes,
  writing: (count) => `${count}`,
};
const UNIT: Readonly<Record<ImportPhase, (total: number) => string>> = {
  checking: () => '',
  confirming: () => '',
  writing: (total) => ` ${pets(total)}`,
};
/** Each phase's bar starts where the others' do: its name is padded to the longest. */
const PHASE_WIDTH = Math.max(...Object.keys(UNIT).map((phase) => phase.length));

function pets(count: number): string {
  return count === 1 ? 'pet' : 'pets';
}

/** `n pets`, and `1 pet`. */
export function petCount(count: number): string {
  return `${count} ${pets(count)}`;
}

/**
 * On a terminal, a bar per phase, redrawn in place, with the time left (cli-progress: a small,
 * long-kept library that draws one bar with a throttled redraw). `finish` stops it, puts the
 * cursor and line wrapping back and ends its line, so what follows starts on a line of its own.
 */
export function progressBar(terminal: NodeJS.WritableStream): ImportProgress {
  let shown: { phase: ImportPhase; bar: SingleBar } | undefined;
  return {
    update(phase, done, total) {
      // The amounts are tokens of our own, written as the phase counts them.
      const amounts = (count: number) => ({ done: AMOUNT[phase](count), all: AMOUNT[phase](total) });
      if (shown?.phase !== phase) {
        shown?.bar.stop();
        const format =
          `${phase.padEnd(PHASE_WIDTH)} |{bar}| {percentage}%  ` +
          `{done} of {all}${UNIT[phase](total)}  {eta_formatted} left`;
        shown = { phase, bar: new SingleBar({ stream: terminal, format, hideCursor: true }, Presets.shades_classic) };
        shown.bar.start(total, 0, amounts(0));
      }
      shown.bar.update(done, amounts(done));
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
      writeLine(`${phase}: ${tenths * 10}% (${AMOUNT[phase](done)} of ${AMOUNT[phase](total)}${UNIT[phase](total)})\n`);
    },
    finish() {
      // Each line said where the phase stood already; the command's summary follows.
    },
  };
}
