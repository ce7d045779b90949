import ipaddr from 'ipaddr.js';

/** Groups of an IPv6 address that name its network: a /64 is what one subscriber is given. */
const NETWORK_GROUPS = 4;

/**
 * Whose bucket an unauthenticated request draws on: its IPv4 address, or the /64 network of its
 * IPv6 address. One host commonly holds a whole /64, so counting each IPv6 address apart would
 * hand it 2^64 buckets. However the address is spelt (`::` anywhere, leading zeros, upper case,
 * IPv4-mapped, a zone), the same network gives the same partition. No `node:net`: every host's runtime has this.
 */
export function addressPartition(address: string): string {
  // An IPv4 address, the common case, has no colon and needs no parsing; what is not IPv6 is its own partition.
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  return `${parsed.parts
    .slice(0, NETWORK_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
