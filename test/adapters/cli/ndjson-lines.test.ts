import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ndjsonLines, UnreadableLine, type NumberedLine } from '../../../adapters/cli/ndjson-lines.js';

async function* chunksOf(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
  await Promise.resolve();
}

async function linesOf(chunks: AsyncIterable<Uint8Array>, maxLineBytes = 100): Promise<NumberedLine[]> {
  const lines = [];
  for await (const line of ndjsonLines(chunks, maxLineBytes)) lines.push(line);
  return lines;
}

async function refusal(chunks: AsyncIterable<Uint8Array>, maxLineBytes = 100): Promise<UnreadableLine> {
  const error: unknown = await linesOf(chunks, maxLineBytes).catch((thrown: unknown) => thrown);
  if (!(error instanceof UnreadableLine)) throw new Error(`expected an UnreadableLine, got ${String(error)}`);
  return error;
}

describe('ndjsonLines', () => {
  it('numbers lines from 1, ends them at LF or CRLF, and needs no break after the last', async () => {
    expect(await linesOf(chunksOf('a\r\nb\n\nc'))).toEqual([
      { number: 1, text: 'a' },
      { number: 2, text: 'b' },
      { number: 3, text: '' },
      { number: 4, text: 'c' },
    ]);
    expect(await linesOf(chunksOf('a\n'))).toEqual([{ number: 1, text: 'a' }]);
    expect(await linesOf(chunksOf(''))).toEqual([]);
    // A lone CR inside a line is part of it; only the one before LF is the break.
    expect(await linesOf(chunksOf('a\rb\n'))).toEqual([{ number: 1, text: 'a\rb' }]);
  });

  it('joins a line and a character that chunk boundaries cut apart', async () => {
    const rex = Buffer.from('Réx🐕\n');
    expect(await linesOf(chunksOf(rex.subarray(0, 2), rex.subarray(2, 6), rex.subarray(6)))).toEqual([
      { number: 1, text: 'Réx🐕' },
    ]);
  });

  it('reads the same lines however the bytes are cut into chunks', async () => {
    const line = fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => text.replace(/[\r\n]/g, ''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 12 }),
        fc.array(fc.nat(40), { maxLength: 8 }),
        fc.boolean(),
        async (lines, cuts, crlf) => {
          const bytes = Buffer.from(lines.map((text) => `${text}${crlf ? '\r\n' : '\n'}`).join(''));
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, index) => bytes.subarray(start, [...points, bytes.length][index]));
          expect(await linesOf(chunksOf(...chunks), 200)).toEqual(
            lines.map((text, index) => ({ number: index + 1, text })),
          );
        },
      ),
    );
  });

  it('refuses bytes that are not UTF-8, naming the line, rather than reading a changed name', async () => {
    const error = await refusal(chunksOf('ok\n', Uint8Array.of(0x61, 0xff, 0x0a)));
    expect({ name: error.name, line: error.line, message: error.message }).toEqual({
      name: 'UnreadableLine',
      line: 2,
      message: 'not UTF-8 text',
    });
    expect((await refusal(chunksOf(Uint8Array.of(0xed, 0xa0, 0x80)))).line).toBe(1);
  });

  it('refuses a line longer than the limit, naming it, whether or not its break has come', async () => {
    for (const chunks of [
      chunksOf('short\n', 'x'.repeat(11), '\n'),
      chunksOf('short\n', 'x'.repeat(6), 'x'.repeat(5)),
      chunksOf('short\nxxxxxx', 'xxxxx\n'),
    ]) {
      const error = await refusal(chunks, 10);
      expect({ line: error.line, message: error.message }).toEqual({ line: 2, message: 'longer than 10 bytes' });
    }
    // Exactly the limit is allowed (a CR before the LF counts as a byte of its line).
    expect(await linesOf(chunksOf('x'.repeat(9), '\r\n', 'y'.repeat(10)), 10)).toEqual([
      { number: 1, text: 'x'.repeat(9) },
      { number: 2, text: 'y'.repeat(10) },
    ]);
    expect(await linesOf(chunksOf('x'.repeat(10), '\n', 'y'.repeat(10)), 10)).toEqual([
      { number: 1, text: 'x'.repeat(10) },
      { number: 2, text: 'y'.repeat(10) },
    ]);
  });

  it('stops reading at a line too long, holding no more than the limit and one chunk', async () => {
    let chunksRead = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        chunksRead += 1;
        yield Buffer.alloc(1000, 0x78);
        await Promise.resolve();
      }
    }
    expect((await refusal(endless(), 2500)).line).toBe(1);
    expect(chunksRead).toBe(3);
  });
});
