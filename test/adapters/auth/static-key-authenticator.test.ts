import { describe, expect, it } from 'vitest';
import { sha256, StaticKeyAuthenticator } from '../../../adapters/auth/static-key-authenticator.js';

describe('StaticKeyAuthenticator', () => {
  const authenticator = new StaticKeyAuthenticator([sha256('first-key'), sha256('second-key')]);

  it('accepts every configured key', async () => {
    expect(await authenticator.authenticate('first-key')).toBe(true);
    expect(await authenticator.authenticate('second-key')).toBe(true);
  });

  it('refuses anything else, near misses included', async () => {
    for (const guess of ['', 'first-ke', 'first-key ', 'FIRST-KEY', 'third-key']) {
      expect(await authenticator.authenticate(guess)).toBe(false);
    }
  });

  it('matches the last key as well as the first (no early exit skips a key)', async () => {
    const many = new StaticKeyAuthenticator(['a', 'b', 'c'].map(sha256));
    expect(await many.authenticate('c')).toBe(true);
    expect(await many.authenticate('a')).toBe(true);
  });

  it('refuses to be built without keys, or from digests that are not SHA-256', () => {
    expect(() => new StaticKeyAuthenticator([])).toThrow('StaticKeyAuthenticator needs at least one key');
    expect(() => new StaticKeyAuthenticator([Buffer.alloc(16)])).toThrow('key digests must be 32-byte SHA-256 values');
  });

  it('hashes with SHA-256', () => {
    expect(sha256('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
