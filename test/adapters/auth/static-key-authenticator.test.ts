import { describe, expect, it } from 'vitest';
import { sha256, StaticKeyAuthenticator } from '../../../adapters/auth/static-key-authenticator.js';
import { sha256Hex } from '../../support/digests.js';

describe('StaticKeyAuthenticator', () => {
  const authenticator = new StaticKeyAuthenticator({ keys: ['first-key'], sha256Hex: [sha256Hex('second-key')] });

  it("accepts every configured key, given as itself or as its digest, naming its client by the key's SHA-256 digest", async () => {
    expect(await authenticator.authenticate('first-key')).toBe(sha256Hex('first-key'));
    expect(await authenticator.authenticate('second-key')).toBe(sha256Hex('second-key'));
  });

  it('reads a digest in either case of hex digits', async () => {
    const upper = new StaticKeyAuthenticator({ sha256Hex: [sha256Hex('k').toUpperCase()] });
    expect(await upper.authenticate('k')).toBe(sha256Hex('k'));
  });

  it('refuses anything else, near misses included', async () => {
    for (const guess of ['', 'first-ke', 'first-key ', 'FIRST-KEY', 'third-key']) {
      expect(await authenticator.authenticate(guess)).toBeUndefined();
    }
  });

  it('matches every one of many keys, and one key given both ways is one client', async () => {
    const many = new StaticKeyAuthenticator({ keys: ['a', 'b', 'c'], sha256Hex: [sha256Hex('c')] });
    for (const key of ['a', 'b', 'c']) expect(await many.authenticate(key)).toBe(sha256Hex(key));
  });

  it('refuses to be built without keys, or from digests that are not SHA-256', () => {
    expect(() => new StaticKeyAuthenticator({})).toThrow('StaticKeyAuthenticator needs at least one key');
    expect(() => new StaticKeyAuthenticator({ keys: [], sha256Hex: [] })).toThrow(
      'StaticKeyAuthenticator needs at least one key',
    );
    for (const bad of ['ab'.repeat(16), `${'a'.repeat(63)}g`, `${'a'.repeat(64)}0`]) {
      expect(() => new StaticKeyAuthenticator({ sha256Hex: [sha256Hex('k'), bad] })).toThrow(
        'key digests must be SHA-256 digests of 64 hex digits',
      );
    }
  });

  it('hashes with SHA-256, in lower-case hex', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
