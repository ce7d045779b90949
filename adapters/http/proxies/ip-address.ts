import ipaddr from 'ipaddr.js';

/**
 * Which IP version an address is written in: 4 or 6, or 0 when it is no address, as `node:net`'s `isIP`
 * tells, from ipaddr.js, which every host's runtime can load. IPv4 only in its four-part decimal form.
 */
export function ipVersion(address: string): 0 | 4 | 6 {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return 4;
  return address.includes(':') && ipaddr.IPv6.isValid(address) ? 6 : 0;
}
