import { createHash } from 'node:crypto';

/** A SHA-256 digest in hex, computed independently of the code under test. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
