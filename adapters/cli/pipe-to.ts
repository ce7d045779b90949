import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes the chunks to `destination` (stdout) as they come, with backpressure by stream.pipeline, and
 * leaves it open. A reader that leaves early (`| head`) ends the writing quietly, as it ends `cat`.
 */
export async function pipeTo(destination: NodeJS.WritableStream, chunks: AsyncIterable<string>): Promise<void> {
  try {
    await pipeline(Readable.from(chunks, { objectMode: false }), destination, { end: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
  }
}
