import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiBaseUrlSetting, ORIGIN, ORIGIN_MAX_LENGTH } from '../../../adapters/settings/setting-kinds.js';

const accepts = (text: string) => v.safeParse(apiBaseUrlSetting(), text).success;

describe('an API base address setting', () => {
  it('accepts an http(s) address ending in /v1', () => {
    expect(accepts('https://api.example.com/v1')).toBe(true);
    expect(accepts('http://127.0.0.1:8080/petstore/v1')).toBe(true);
  });

  it('refuses text that is no address, without throwing', () => {
    expect(accepts('not an address')).toBe(false);
    expect(accepts('')).toBe(false);
  });

  it('refuses credentials, a user or a password alone', () => {
    expect(accepts('https://user@api.example.com/v1')).toBe(false);
    expect(accepts('https://:secret@api.example.com/v1')).toBe(false);
    expect(accepts('https://user:secret@api.example.com/v1')).toBe(false);
  });

  it('refuses another scheme, another path, and a query or fragment after /v1', () => {
    expect(accepts('ftp://api.example.com/v1')).toBe(false);
    expect(accepts('https://api.example.com/v2')).toBe(false);
    expect(accepts('https://api.example.com/v1?')).toBe(false);
    expect(accepts('https://api.example.com/v1#')).toBe(false);
    expect(accepts('https://api.example.com/v1?x=1')).toBe(false);
  });
});

describe('a browser origin in a setting', () => {
  const host = (length: number) => 'a'.repeat(length);

  it('is scheme://host[:port], nothing more', () => {
    expect(ORIGIN.test('https://app.example.com')).toBe(true);
    expect(ORIGIN.test('http://localhost:3000')).toBe(true);
    expect(ORIGIN.test('https://app.example.com/')).toBe(false);
    expect(ORIGIN.test('https://')).toBe(false);
  });

  it('is at most a 253-character host and a port, the longest the OpenAPI document promises', () => {
    expect(ORIGIN.test(`https://${host(253)}:65535`)).toBe(true);
    expect(ORIGIN.test(`https://${host(254)}:65535`)).toBe(false);
    expect(ORIGIN_MAX_LENGTH).toBe(`https://${host(253)}:65535`.length);
  });
});
