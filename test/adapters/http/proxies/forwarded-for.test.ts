import { describe, expect, it } from 'vitest';
import { forwardedFor, xForwardedFor } from '../../../../adapters/http/proxies/forwarded-for.js';

describe('X-Forwarded-For', () => {
  it('lists its addresses in order, trimmed, and keeps an entry that is none as written', () => {
    expect(xForwardedFor('203.0.113.7, 10.0.0.1 ,10.0.0.2')).toEqual(['203.0.113.7', '10.0.0.1', '10.0.0.2']);
    expect(xForwardedFor(' 2001:db8::1 ,junk')).toEqual(['2001:db8::1', 'junk']);
  });
});

describe('Forwarded', () => {
  it.each([
    ['for=192.0.2.60;proto=http;by=203.0.113.43', ['192.0.2.60']],
    ['For="[2001:db8:cafe::17]:4711"', ['2001:db8:cafe::17']],
    ['for="[2001:db8::1]"', ['2001:db8::1']],
    ['for="192.0.2.43:47011"', ['192.0.2.43']],
    ['for="[::1]:_obfport"', ['::1']],
    ['for=192.0.2.43, for=198.51.100.17', ['192.0.2.43', '198.51.100.17']],
    ['for=192.0.2.43,for="[2001:db8::2]"', ['192.0.2.43', '2001:db8::2']],
    ['for=192.0.2.1;proto=https , by=10.0.0.1;for=10.0.0.2', ['192.0.2.1', '10.0.0.2']],
    ['proto=https;for=192.0.2.1', ['192.0.2.1']],
    ['proto=https, for=192.0.2.1', ['', '192.0.2.1']],
    ['for=192.0.2.1, proto=https', ['192.0.2.1', '']],
    ['for=192.0.2.1;proto=https, by=_b, for=192.0.2.2', ['192.0.2.1', '', '192.0.2.2']],
    ['for="a\\\\b\\c"', ['a\\bc']],
    ['for=unknown, for=_hidden', ['unknown', '_hidden']],
    ['for="\\"[::1]\\""', ['"[::1]"']],
    ['for="2001:db8::3"', ['2001:db8::3']],
    ['for="[2001:db8::4"', ['[2001:db8::4']],
    ['by="a;b,c";for=192.0.2.5', ['192.0.2.5']],
    ['', []],
  ])('%j forwards for %j', (header, addresses) => {
    expect(forwardedFor(header)).toEqual(addresses);
  });

  it.each([
    'for=192.0.2.6,',
    'for=',
    'garbage',
    'for=192.0.2.1 junk',
    'for=192.0.2.1:80',
    'for="unterminated',
    'for=a,,for=b',
    ';for=a',
  ])('%j does not parse, so names nobody', (header) => {
    expect(forwardedFor(header)).toEqual([]);
  });

  it('reads each header from its start, whatever the one before it was', () => {
    expect(forwardedFor('for=192.0.2.10')).toEqual(['192.0.2.10']);
    expect(forwardedFor('for=10.0.0.1')).toEqual(['10.0.0.1']);
    expect(forwardedFor('garbage')).toEqual([]);
    expect(forwardedFor('for=10.0.0.2')).toEqual(['10.0.0.2']);
  });
});
