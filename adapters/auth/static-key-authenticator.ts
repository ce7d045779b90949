import { hash, timingSafeEqual } from 'node:crypto';
import type { Authenticator } from '../../core/ports.js';

/** One-shot hashing: measurably cheaper per request than a createHash object. */
export function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

/** The keys to accept, as plaintext or as digests; every key is held as its digest only. */
export interface AcceptedKeys {
  /** Hashed at once, never kept. */
  readonly keys?: readonly string[];
  /** SHA-256 digests of keys, in hex: so that the keys themselves need not be known to the service. */
  readonly sha256Hex?: readonly string[];
}

/** A SHA-256 digest written as hex, in either case. */
export const SHA256_HEX = /^[0-9a-f]{64}$/i;

/**
 * Accepts a fixed set of API keys, held only as SHA-256 digests. Comparing digests of
 * equal length with timingSafeEqual, and always against every key, keeps the time taken
 * independent of how much of a guess was right and of which key matched.
 */
export class StaticKeyAuthenticator implements Authenticator {
  private readonly digests: readonly Buffer[];

  constructor({ keys = [], sha256Hex = [] }: AcceptedKeys) {
    if (!sha256Hex.every((hex) => SHA256_HEX.test(hex))) throw new Error('key digests must be SHA-256 digests of 64 hex digits');
    this.digests = [...keys.map(sha256), ...sha256Hex.map((hex) => Buffer.from(hex, 'hex'))];
    if (this.digests.length === 0) throw new Error('StaticKeyAuthenticator needs at least one key');
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
