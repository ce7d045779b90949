import { describe, expect, it } from 'vitest';
import { sha256, StaticKeyAuthenticator } from '../../../adapters/auth/static-key-authenticator.js';

describe('StaticKeyAuthenticator', () => {
  const authenticator = new StaticKeyAuthenticator([sha256('first-key'), sha256('second-key')]);

  it('accepts every configured key, naming its client by the key\'s SHA-256 digest', async () => {
    expect(await authenticator.authenticate('first-key')).toBe(sha256('first-key').toString('hex'));
    expect(await authenticator.authenticate('second-key')).toBe(sha256('second-key').toString('hex'));
  });

  it('refuses anything else, near misses included', async () => {
    for (const guess of ['', 'first-ke', 'first-key ', 'FIRST-KEY', 'third-key']) {
      expect(await authenticator.authenticate(guess)).toBeUndefined();
    }
  });

  it('matches the last key as well as the first (no early exit skips a key)', async () => {
    const many = new StaticKeyAuthenticator(['a', 'b', 'c'].map(sha256));
    expect(await many.authenticate('c')).toBe(sha256('c').toString('hex'));
    expect(await many.authenticate('a')).toBe(sha256('a').toString('hex'));
  });

  it('refuses to be built without keys, or from digests that are not SHA-256', () => {
    expect(() => new StaticKeyAuthenticator([])).toThrow('StaticKeyAuthenticator needs at least one key');
    expect(() => new StaticKeyAuthenticator([Buffer.alloc(16)])).toThrow('key digests must be 32-byte SHA-256 values');
  });

  it('hashes with SHA-256', () => {
    expect(sha256('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
