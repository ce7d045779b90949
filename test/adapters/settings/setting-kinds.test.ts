import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiBaseUrlSetting } from '../../../adapters/settings/setting-kinds.js';

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
