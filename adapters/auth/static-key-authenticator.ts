import { hash } from 'node:crypto';
import type { Authenticator } from '@petstore/core/ports.js';

/** SHA-256 in lower-case hex, hashed in one call: cheaper than hashing to a Buffer (docs/performance.md). */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
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
 * Accepts a fixed set of API keys, held only as SHA-256 digests, and looks the presented key's
 * digest up among them. The look-up's time depends on that digest alone, never on the key: a
 * caller can choose keys but not their digests (SHA-256 resists preimages), so learning how near
 * a guess's digest came to a stored one tells it nothing about any key.
 */
export class StaticKeyAuthenticator implements Authenticator {
  private readonly digests: ReadonlySet<string>;

  constructor({ keys = [], sha256Hex = [] }: AcceptedKeys) {
    if (!sha256Hex.every((hex) => SHA256_HEX.test(hex)))
      throw new Error('key digests must be SHA-256 digests of 64 hex digits');
    this.digests = new Set([...keys.map(sha256), ...sha256Hex.map((hex) => hex.toLowerCase())]);
    if (this.digests.size === 0) throw new Error('StaticKeyAuthenticator needs at least one key');
  }

  /** A key's client is named by the key's digest: stable across restarts, and no secret. */
  authenticate(credential: string): Promise<string | undefined> {
    const presented = sha256(credential);
    return Promise.resolve(this.digests.has(presented) ? presented : undefined);
  }
}
