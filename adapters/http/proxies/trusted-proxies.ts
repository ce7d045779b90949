import ipaddr from 'ipaddr.js';
import { ipVersion } from './ip-address.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Names for the ranges a proxy on the same host or network sits in, as Express's `trust proxy` has them. */
const NAMED_RANGES: ReadonlyMap<string, readonly string[]> = new Map([
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['linklocal', ['169.254.0.0/16', 'fe80::/10']],
  ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
]);

/** An address alone (10.0.0.5: that one address), or with its prefix length (10.0.0.0/8, fd00::/8). */
function rangeOf(text: string): Range | undefined {
  const [address, prefix, ...rest] = text.split('/') as [string, string?, ...string[]];
  const kind = ipVersion(address);
  const maxBits = kind === 4 ? 32 : 128;
  const bits = prefix === undefined ? maxBits : /^[0-9]{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (kind === 0 || rest.length > 0 || !(bits <= maxBits)) return undefined;
  return [ipaddr.parse(address), bits];
}

/** The ranges one entry of the trusted list names: a range, an address, or a name for several. */
function rangesOf(entry: string): readonly Range[] | undefined {
  const named = NAMED_RANGES.get(entry);
  if (named !== undefined) return named.map((range) => rangeOf(range) as Range);
  const range = rangeOf(entry);
  return range && [range];
}

/** Whether an entry of the trusted list names any range: what the setting's check asks. */
export const isProxyRange = (entry: string): boolean => rangesOf(entry) !== undefined;

/**
 * Whether an address is one of the proxies trusted, those `entries` name. An IPv4 address written
 * as IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket gives it) is its IPv4 address.
 */
export function trustedProxies(entries: readonly string[]): (address: string) => boolean {
  const ranges = entries.flatMap((entry) => {
    const named = rangesOf(entry);
    if (named === undefined) throw new Error(`not an address, a range or a name of ranges: ${entry}`);
    return named;
  });
  return (address) => {
    if (ipVersion(address) === 0) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([network, bits]) => parsed.kind() === network.kind() && parsed.match(network, bits));
  };
}
