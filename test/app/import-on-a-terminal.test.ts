import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PETSTORE_BIN, ROOT } from '../support/petstore-command.js';

const HIDE_CURSOR = '\u001B[?25l';
const SHOW_CURSOR = '\u001B[?25h';
const WRAP_OFF = '\u001B[?7l';
const WRAP_ON = '\u001B[?7h';
/** How long a command may take before the test calls it hung. */
const HANG_LIMIT_MS = 15_000;

interface TerminalRun {
  readonly code: number | null;
  /** Everything the command wrote to the terminal, stdout and stderr as one screen shows them. */
  readonly screen: string;
}

/**
 * Runs `petstore <args>` on a real pseudo-terminal (util-linux `script`), as a user at a terminal
 * runs it; `type(text, screen)` is called on each output and may answer with keys to type (Ctrl-C
 * is `\x03`). A command still running after HANG_LIMIT_MS is killed and reported with code null.
 */
function onTerminal(
  args: string[],
  type: (screen: string) => string | undefined = () => undefined,
): Promise<TerminalRun> {
  const command = [process.execPath, PETSTORE_BIN, ...args].map((part) => `'${part}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', TERM: 'xterm', COLUMNS: '100', STORAGE: 'memory' },
  });
  let screen = '';
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    const keys = type(screen);
    if (keys !== undefined) child.stdin.write(keys);
  });
  const hung = setTimeout(() => child.kill('SIGKILL'), HANG_LIMIT_MS);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(hung);
      resolve({ code, screen });
    }),
  );
}

/** The screen's lines as a reader sees them: the bar's redraws (a carriage return or cursor moves) leave its last state. */
function linesOf(screen: string): string[] {
  return (
    screen
      // eslint-disable-next-line no-control-regex -- terminal control sequences are what this reads past
      .replace(/\u001B\[[0-9;?]*[A-Za-z]|\u001B[78]/g, '\r')
      .split(/\r?\n/)
      .map(
        (line) =>
          line
            .split('\r')
            .filter((part) => part !== '')
            .at(-1) ?? '',
      )
  );
}

describe('petstore pets import on a terminal', () => {
  let folder: string;
  const fileOf = (name: string, lines: string[]) => {
    const path = join(folder, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const pets = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      JSON.stringify({ id: index + 1, name: `Pet ${index + 1}`, categoryId: 1 }),
    );

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-terminal-'));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a bad line with exit 1, the error on a line of its own, and the terminal as it was', async () => {
    const path = fileOf('bad.ndjson', [
      '{"id":1,"name":"Rex","categoryId":1}',
      '{"id":2,"name":"Tom","categoryId":"x"}',
    ]);
    const { code, screen } = await onTerminal(['pets', 'import', path]);
    expect(code).toBe(1);
    expect(screen).toContain(HIDE_CURSOR);
    expect(screen.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(screen.lastIndexOf(HIDE_CURSOR));
    expect(screen.lastIndexOf(WRAP_ON)).toBeGreaterThan(screen.lastIndexOf(WRAP_OFF));
    const refusal = linesOf(screen).filter((line) => line.startsWith('petstore: '));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatch(
      new RegExp(`^petstore: ${path} line 2: categoryId must be an integer.*; nothing was imported$`),
    );
  });

  it('stops a long import on Ctrl-C with exit 130, saying so on a line of its own, the terminal as it was', async () => {
    const path = fileOf('many.ndjson', pets(200_000));
    let typed = false;
    const { code, screen } = await onTerminal(['pets', 'import', path], (shown) => {
      if (typed || !shown.includes('checking   |')) return undefined;
      typed = true;
      return '\u0003';
    });
    expect(code).toBe(130);
    expect(screen.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(screen.lastIndexOf(HIDE_CURSOR));
    expect(screen.lastIndexOf(WRAP_ON)).toBeGreaterThan(screen.lastIndexOf(WRAP_OFF));
    expect(linesOf(screen)).toContain('petstore: interrupted by SIGINT; nothing was imported');
  });
});
