import { describe, expect, it } from 'vitest';
import { StaticKeyAuthenticator } from '../../../adapters/auth/static-key-authenticator.js';
import { resolveApiKeys } from '../../../adapters/auth/api-keys.js';
import { ConfigError } from '../../../app/host/config.js';
import { sha256Hex } from '../../support/digests.js';

describe('resolveApiKeys', () => {
  it('passes the configured keys and digests on, generating nothing', async () => {
    const keys = resolveApiKeys({ apiKeys: ['alpha'], apiKeyDigests: [sha256Hex('beta')], production: true });
    expect(keys.generatedKey).toBeUndefined();
    const authenticator = new StaticKeyAuthenticator(keys);
    expect(await authenticator.authenticate('alpha')).toBe(sha256Hex('alpha'));
    expect(await authenticator.authenticate('beta')).toBe(sha256Hex('beta'));
  });

  it('takes digests alone as keys enough, in production too, generating nothing', async () => {
    const keys = resolveApiKeys({ apiKeys: [], apiKeyDigests: [sha256Hex('gamma')], production: true });
    expect(keys).toEqual({ keys: [], sha256Hex: [sha256Hex('gamma')] });
    expect(await new StaticKeyAuthenticator(keys).authenticate('gamma')).toBe(sha256Hex('gamma'));
  });

  it('refuses to start in production without any key', () => {
    expect(() => resolveApiKeys({ apiKeys: [], apiKeyDigests: [], production: true })).toThrow(
      new ConfigError('API_KEYS or API_KEY_DIGESTS must be set when NODE_ENV=production'),
    );
  });

  it('generates a random key outside production, and accepts only it', async () => {
    const first = resolveApiKeys({ apiKeys: [], apiKeyDigests: [], production: false });
    const second = resolveApiKeys({ apiKeys: [], apiKeyDigests: [], production: false });
    expect(first.generatedKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.generatedKey).not.toBe(second.generatedKey);
    expect(first.keys).toEqual([first.generatedKey]);
    expect(await new StaticKeyAuthenticator(first).authenticate(second.generatedKey ?? '')).toBeUndefined();
  });
});
