/** One line of a file, numbered from 1, without its line break. */
export interface NumberedLine {
  readonly number: number;
  readonly text: string;
}

/** A line that cannot be read as text: too long, or not UTF-8. */
export class UnreadableLine extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'UnreadableLine';
  }
}

/** Fatal: bytes that are not UTF-8 are an error, never a silent U+FFFD that would change a name. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The lines of a byte stream (LF or CRLF), each decoded alone, holding at most `maxLineBytes` of
 * one line at a time: however large the file, memory stays bounded, and a file with no line
 * break at all is refused rather than read whole. Written here rather than taken from readline or
 * split2 because both decode with replacement characters and neither can say which line overflowed.
 */
export async function* ndjsonLines(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes: number,
): AsyncGenerator<NumberedLine> {
  let number = 1;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const lineOf = (bytes: Buffer): NumberedLine => {
    const end = bytes.at(-1) === CARRIAGE_RETURN ? bytes.length - 1 : bytes.length;
    try {
      return { number, text: UTF8.decode(bytes.subarray(0, end)) };
    } catch {
      throw new UnreadableLine(number, 'not UTF-8 text');
    }
  };
  for await (const chunk of chunks) {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE)) {
      if (pendingBytes + at > maxLineBytes) throw new UnreadableLine(number, `longer than ${maxLineBytes} bytes`);
      yield lineOf(Buffer.concat([...pending, bytes.subarray(0, at)]));
      number += 1;
      pending = [];
      pendingBytes = 0;
      bytes = bytes.subarray(at + 1);
    }
    pendingBytes += bytes.length;
    if (pendingBytes > maxLineBytes) throw new UnreadableLine(number, `longer than ${maxLineBytes} bytes`);
    pending.push(bytes);
  }
  // The last line needs no line break after it.
  if (pendingBytes > 0) yield lineOf(Buffer.concat(pending));
}
