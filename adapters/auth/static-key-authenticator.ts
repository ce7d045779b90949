import { hash, timingSafeEqual } from 'node:crypto';
import type { Authenticator } from '../../core/ports.js';

/** One-shot hashing: measurably cheaper per request than a createHash object. */
export function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

/**
 * Accepts a fixed set of API keys, held only as SHA-256 digests. Comparing digests of
 * equal length with timingSafeEqual, and always against every key, keeps the time taken
 * independent of how much of a guess was right and of which key matched.
 */
export class StaticKeyAuthenticator implements Authenticator {
  private readonly digests: readonly Buffer[];

  constructor(keyDigests: readonly Buffer[]) {
    if (keyDigests.length === 0) throw new Error('StaticKeyAuthenticator needs at least one key');
    for (const digest of keyDigests) {
      if (digest.length !== 32) throw new Error('key digests must be 32-byte SHA-256 values');
    }
    this.digests = keyDigests;
  }

  /** A key's client is named by the key's digest: stable across restarts, and no secret. */
  authenticate(credential: string): Promise<string | undefined> {
    const presented = sha256(credential);
    let matched = false;
    for (const digest of this.digests) {
      matched = timingSafeEqual(presented, digest) || matched;
    }
    return Promise.resolve(matched ? presented.toString('hex') : undefined);
  }
}
