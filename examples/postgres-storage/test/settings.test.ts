import { ConfigError } from 'petstore';
import { describe, expect, it } from 'vitest';
import { postgresStorage } from '../src/postgres-storage.js';

const refusal = (env: Record<string, string>) => {
  try {
    postgresStorage.readSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('the PostgreSQL settings', () => {
  it('need POSTGRES_URL, and read the rest with their defaults', () => {
    expect(postgresStorage.readSettings({ POSTGRES_URL: 'postgres://db/shop' })).toEqual({
      url: 'postgres://db/shop',
      schema: 'public',
      poolSize: 10,
      timeoutMs: 2000,
    });
    expect(
      postgresStorage.readSettings({
        POSTGRES_URL: 'postgresql://u:p@db/shop',
        POSTGRES_SCHEMA: 'pets_v1',
        POSTGRES_POOL_SIZE: '25',
        POSTGRES_TIMEOUT_MS: '750',
        POSTGRES_OTHER: 'x',
      }),
    ).toEqual({ url: 'postgresql://u:p@db/shop', schema: 'pets_v1', poolSize: 25, timeoutMs: 750 });
    expect(postgresStorage.settings.map(({ name, fallback }) => [name, fallback])).toEqual([
      ['POSTGRES_URL', undefined],
      ['POSTGRES_SCHEMA', 'public'],
      ['POSTGRES_POOL_SIZE', '10'],
      ['POSTGRES_TIMEOUT_MS', '2000'],
    ]);
  });

  it.each([
    [{}, 'POSTGRES_URL must be set'],
    [{ POSTGRES_URL: 'mysql://u:secret@db' }, 'POSTGRES_URL must be a postgres:// or postgresql:// connection string'],
    [
      { POSTGRES_URL: 'postgres://db', POSTGRES_SCHEMA: 'Pets; DROP' },
      'POSTGRES_SCHEMA must be a lower-case name of letters, digits and _',
    ],
    [
      { POSTGRES_URL: 'postgres://db', POSTGRES_POOL_SIZE: '0' },
      'POSTGRES_POOL_SIZE must be a whole number from 1 to 1000',
    ],
    [
      { POSTGRES_URL: 'postgres://db', POSTGRES_TIMEOUT_MS: '1e3' },
      'POSTGRES_TIMEOUT_MS must be a whole number from 100 to 60000',
    ],
  ])('refuse %j, naming the setting and never its value', (env, message) => {
    expect(refusal(env)).toBe(message);
    expect(refusal(env)).not.toContain('secret');
  });
});
