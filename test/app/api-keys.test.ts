import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resolveApiKeyDigests } from '../../app/api-keys.js';
import { ConfigError } from '../../app/config.js';

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('resolveApiKeyDigests', () => {
  it('hashes plaintext keys and decodes hex digests, generating nothing', () => {
    const keys = resolveApiKeyDigests({ apiKeys: ['alpha'], apiKeySha256: [hex('beta')], production: true });
    expect(keys.digests.map((digest) => digest.toString('hex'))).toEqual([hex('alpha'), hex('beta')]);
    expect(keys.generatedKey).toBeUndefined();
  });

  it('refuses to start in production without any key', () => {
    expect(() => resolveApiKeyDigests({ apiKeys: [], apiKeySha256: [], production: true })).toThrow(
      new ConfigError('API_KEYS or API_KEY_SHA256 must be set when NODE_ENV=production'),
    );
  });

  it('generates a random key outside production, and accepts only it', () => {
    const first = resolveApiKeyDigests({ apiKeys: [], apiKeySha256: [], production: false });
    const second = resolveApiKeyDigests({ apiKeys: [], apiKeySha256: [], production: false });
    expect(first.generatedKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.generatedKey).not.toBe(second.generatedKey);
    expect(first.digests.map((digest) => digest.toString('hex'))).toEqual([hex(first.generatedKey ?? '')]);
  });
});
