import { Buffer } from 'node:buffer';
import { bodyTooLarge } from '../body/content-encoding.js';

/**
 * A body's bytes, at most `limitBytes` of them: a Content-Length over the limit is refused before a
 * byte is read, and a body that runs past it is refused as soon as it does.
 */
export async function bodyBytes(
  body: AsyncIterable<Uint8Array> | null,
  { contentLength, limitBytes }: { contentLength: string | undefined; limitBytes: number },
): Promise<Buffer> {
  if (contentLength !== undefined && Number(contentLength) > limitBytes) throw bodyTooLarge(limitBytes);
  if (body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limitBytes) throw bodyTooLarge(limitBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, received);
}
