import { isIPv4, isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
/** Groups of an IPv6 address that name its network: a /64 is what one subscriber is given. */
const NETWORK_GROUPS = 4;

/**
 * Whose bucket an unauthenticated request draws on: its IPv4 address, or the /64 network of its
 * IPv6 address. One host commonly holds a whole /64, so counting each IPv6 address apart would
 * hand it 2^64 buckets. However the address is spelt (`::` anywhere, leading zeros, upper case,
 * IPv4-mapped, a zone), the same network gives the same partition.
 */
export function addressPartition(address: string): string {
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  // A zone (`%eth0`) names the host's interface, not the peer.
  return `${networkGroups(address.replace(/%.*$/, '')).join(':')}::/64`;
}

/** The first four groups of an IPv6 address, as lowercase hex without leading zeros. */
function networkGroups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const headGroups = groupsOf(head);
  // A dotted IPv4 tail holds the last two groups; only its count matters for the network.
  const tailGroups = tail === undefined ? [] : groupsOf(tail).flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups].slice(0, NETWORK_GROUPS).map((group) => Number.parseInt(group, 16).toString(16));
}
