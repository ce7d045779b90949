import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressPartition } from '../../../../adapters/http/rate-limit/address-partition.js';

const hex = (group: number) => group.toString(16);

describe('addressPartition', () => {
  it('keeps an IPv4 address whole, also when Node gives it IPv4-mapped', () => {
    expect(addressPartition('203.0.113.7')).toBe('203.0.113.7');
    expect(addressPartition('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressPartition('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network', () => {
    expect(addressPartition('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressPartition('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressPartition('2001:DB8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressPartition('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressPartition('::1')).toBe('0:0:0:0::/64');
    expect(addressPartition('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressPartition('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('counts a dotted IPv4 tail as the two groups it stands for', () => {
    // Six groups after '::' (the dotted one being two) leave one zero group: the network is 1:0:2:3.
    expect(addressPartition('1::2:3:4:5:1.2.3.4')).toBe('1:0:2:3::/64');
    expect(addressPartition('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
  });

  it('gives what is not an address (a socket already gone) its own partition', () => {
    expect(addressPartition('')).toBe('');
    expect(addressPartition('::ffff:999.1.1.1')).toBe('::ffff:999.1.1.1');
  });

  it('gives every spelling of one /64 the same partition, and different /64s different ones', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const address = fc.array(group, { minLength: 8, maxLength: 8 });
    /** The address as Node or a client might write it: compressed or not, zero-padded, any case. */
    const spellings = (groups: number[]) => [
      groups.map(hex).join(':'),
      groups.map((value) => hex(value).padStart(4, '0').toUpperCase()).join(':'),
      new URL(`http://[${groups.map(hex).join(':')}]`).hostname.slice(1, -1),
    ];
    fc.assert(
      fc.property(address, address, (one, other) => {
        const expected = `${one.slice(0, 4).map(hex).join(':')}::/64`;
        for (const spelling of spellings(one)) expect(addressPartition(spelling)).toBe(expected);
        const sameNetwork = one.slice(0, 4).every((value, index) => value === other[index]);
        expect(addressPartition(spellings(other)[2]!) === expected).toBe(sameNetwork);
      }),
      // Pure and fast: 500 addresses, each in three spellings, reach zero groups (compressed) and every digit width.
      { numRuns: 500 },
    );
  });
});
