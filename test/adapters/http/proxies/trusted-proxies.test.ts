import { describe, expect, it } from 'vitest';
import { isProxyRange, trustedProxies } from '../../../../adapters/http/proxies/trusted-proxies.js';

describe('the trusted proxies', () => {
  it.each([
    ['10.0.0.0/8', ['10.0.0.1', '10.255.255.255'], ['11.0.0.1', '9.255.255.255']],
    ['203.0.113.5', ['203.0.113.5'], ['203.0.113.4', '203.0.113.6']],
    ['203.0.113.0/32', ['203.0.113.0'], ['203.0.113.1']],
    ['0.0.0.0/0', ['8.8.8.8', '10.0.0.1'], ['::1']],
    ['fd00::/8', ['fd12::1', 'fdff::'], ['fe00::1', 'fc00::1']],
    ['2001:db8::/48', ['2001:db8:0:ffff::1'], ['2001:db8:1::1']],
    ['2001:db8::1', ['2001:db8::1'], ['2001:db8::2']],
    ['2001:db8::1/128', ['2001:db8::1'], ['2001:db8::2']],
  ])('%s are trusted: %j, and no others: %j', (range, inside, outside) => {
    const trusted = trustedProxies([range]);
    expect(inside.map(trusted)).toEqual(inside.map(() => true));
    expect(outside.map(trusted)).toEqual(outside.map(() => false));
  });

  it.each([
    ['loopback', ['127.0.0.1', '127.9.9.9', '::1'], ['128.0.0.1', '::2']],
    ['linklocal', ['169.254.1.1', 'fe80::1', 'febf::1'], ['169.255.0.1', 'fec0::1']],
    [
      'uniquelocal',
      ['10.1.1.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fc00::1', 'fdff::1'],
      ['172.32.0.1', '192.169.0.1', '11.0.0.1', 'fe00::1'],
    ],
  ])('%s names the ranges of its kind: %j, and no others: %j', (name, inside, outside) => {
    const trusted = trustedProxies([name]);
    expect(inside.map(trusted)).toEqual(inside.map(() => true));
    expect(outside.map(trusted)).toEqual(outside.map(() => false));
  });

  it('trusts an address in any of its ranges', () => {
    const trusted = trustedProxies(['10.0.0.0/8', '192.168.0.0/16', 'fd00::/8']);
    expect(['10.0.0.1', '192.168.0.1', 'fd00::1', '172.16.0.1'].map(trusted)).toEqual([true, true, true, false]);
  });

  it('knows an IPv4 address written as IPv6, as a dual-stack socket gives its peer', () => {
    expect(trustedProxies(['10.0.0.0/8'])('::ffff:10.0.0.1')).toBe(true);
  });

  it('trusts no text that is not an address, and no address of the other family', () => {
    const trusted = trustedProxies(['127.0.0.0/8', '::1']);
    expect(['', 'unknown', '127.0.0.1:80', '[::1]', '::2', '128.0.0.1'].map(trusted)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses to start from an entry that names no range', () => {
    expect(() => trustedProxies(['10.0.0.0/8', 'localhost'])).toThrow(
      'not an address, a range or a name of ranges: localhost',
    );
  });
});

describe('an entry of the trusted list', () => {
  it.each([
    '10.0.0.0/8',
    '10.0.0.1',
    '0.0.0.0/0',
    '10.0.0.0/32',
    '::1',
    'fd00::/8',
    '::/128',
    'loopback',
    'uniquelocal',
  ])('may be %s', (entry) => {
    expect(isProxyRange(entry)).toBe(true);
  });

  it.each([
    '',
    '10.0.0.0/',
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/8/8',
    '10.0.0.0/x',
    '10.0.0.0/0008',
    '10.0.0.0/-1',
    '999.0.0.0/8',
    '/8',
    '10.0.0',
    'localhost',
    'Loopback',
    'constructor',
  ])('may not be %j', (entry) => {
    expect(isProxyRange(entry)).toBe(false);
  });
});
