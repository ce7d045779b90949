import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pipeTo } from '../../../adapters/cli/pipe-to.js';

/** The texts as a command's output comes: one at a time, each after a turn of the event loop. */
async function* chunks(...texts: string[]): AsyncIterable<string> {
  for (const text of texts) {
    await Promise.resolve();
    yield text;
  }
}

/** A destination that keeps each chunk as it arrives, as bytes would reach stdout. */
function collector(fail?: NodeJS.ErrnoException) {
  const received: unknown[] = [];
  const destination = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, done) {
      received.push(chunk);
      done(fail);
    },
  });
  return { destination, received };
}

describe('writing a command’s output as it comes', () => {
  it('writes every chunk, in order, as bytes, and leaves the destination open', async () => {
    const { destination, received } = collector();
    await pipeTo(destination, chunks('{"id":1}\n', '{"id":2}\n'));
    expect(received.every((chunk) => Buffer.isBuffer(chunk))).toBe(true);
    expect(Buffer.concat(received as Buffer[]).toString()).toBe('{"id":1}\n{"id":2}\n');
    expect(destination.writableEnded).toBe(false);
  });

  it('ends quietly when the reader has gone (EPIPE), as `| head` ends `cat`', async () => {
    const { destination } = collector(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(pipeTo(destination, chunks('a\n', 'b\n'))).resolves.toBeUndefined();
  });

  it('fails on any other write error', async () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const { destination } = collector(full);
    await expect(pipeTo(destination, chunks('a\n'))).rejects.toBe(full);
  });
});
