import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Reads the pipe `fd` on a thread of its own, so that a write that waits for it cannot keep it
 * from reading: once told to, or after `patienceMs` on its own, noting in `shared[1]` that it began
 * unasked. It reads until a line ends with `last`, or for 2 s at most, and posts what it read.
 */
const READER = `
const { readSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { fd, buffer, patienceMs, last } = workerData;
const shared = new Int32Array(buffer);
if (Atomics.wait(shared, 0, 0, patienceMs) === 'timed-out') Atomics.store(shared, 1, 1);
const chunk = Buffer.alloc(65536);
const until = Date.now() + 2000;
let text = '';
while (!text.endsWith(last + '\\n') && Date.now() < until) {
  try {
    text += chunk.toString('latin1', 0, readSync(fd, chunk));
  } catch (error) {
    if (error.code !== 'EAGAIN') throw error;
    Atomics.wait(shared, 0, 1, 5);
  }
}
parentPort.postMessage(text);
`;

/** How long the reader leaves a full pipe unread unless told to read. */
const PATIENCE_MS = 500;

/** Fills the pipe `fd`, opened not to block, until it takes no more. */
function fill(fd: number): void {
  for (const size of [4096, 1]) {
    const newlines = Buffer.alloc(size, '\n');
    for (;;) {
      try {
        writeSync(fd, newlines);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
        throw error;
      }
    }
  }
}

/**
 * `log` given the write end of a full pipe (a named one, opened not to block, as a log collector's
 * can be), whose reader reads only once it is told to or has waited long. `heldUp`: whether the
 * logging, and a few batch intervals after it, had to wait for the reader; `lines`: the lines it
 * wrote, the pipe's filling left out.
 */
export async function loggedToAFullPipe(
  log: (fd: number) => void,
  last: string,
): Promise<{ heldUp: boolean; lines: string[] }> {
  const folder = mkdtempSync(join(tmpdir(), 'log-pipe-'));
  const path = join(folder, 'pipe');
  execFileSync('mkfifo', [path]);
  const readEnd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeEnd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    fill(writeEnd);
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const reader = new Worker(READER, {
      eval: true,
      workerData: { fd: readEnd, buffer: shared.buffer, patienceMs: PATIENCE_MS, last },
    });
    const read = new Promise<string>((resolve, reject) => {
      reader.once('message', resolve);
      reader.once('error', reject);
    });
    log(writeEnd);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const heldUp = Atomics.load(shared, 1) === 1;
    Atomics.store(shared, 0, 1);
    Atomics.notify(shared, 0);
    const lines = (await read).split('\n').filter((line) => line !== '');
    return { heldUp, lines };
  } finally {
    closeSync(writeEnd);
    closeSync(readEnd);
    rmSync(folder, { recursive: true });
  }
}
