import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Groups of an IPv6 address that name its network: a /64 is what one subscriber is given. */
const NETWORK_GROUPS = 4;

/**
 * Whose bucket an unauthenticated request draws on: its IPv4 address, or the /64 network of its
 * IPv6 address. One host commonly holds a whole /64, so counting each IPv6 address apart would
 * hand it 2^64 buckets. However the address is spelt (`::` anywhere, leading zeros, upper case,
 * IPv4-mapped, a zone), the same network gives the same partition.
 */
export function addressPartition(address: string): string {
  // Node's checks first: the socket's IPv4 address is the common case, and needs no parsing.
  if (isIPv4(address) || !isIPv6(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  return `${parsed.parts
    .slice(0, NETWORK_GROUPS)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
