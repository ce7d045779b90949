import parseForwarded from 'forwarded-parse';

/**
 * The addresses proxies forwarded a request for, read from the header they write, the client's
 * first and the nearest proxy's peer last. An entry that names no address is kept as written: it
 * stops the walk back (client-address.ts) at the proxy that wrote it.
 */

/** X-Forwarded-For: addresses separated by commas. */
export function xForwardedFor(header: string): string[] {
  return header.split(',').map((entry) => entry.trim());
}

/** RFC 7239's node: an IPv4 address, or an IPv6 one in brackets, each with an optional port. */
const NODE = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::[0-9A-Za-z._-]+)?$/;

/**
 * Forwarded (RFC 7239, parsed by forwarded-parse): the `for` of each element
 * (`for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"`), without its port and brackets; an element
 * without one is an empty entry. A header that does not parse names nobody: none of it is taken.
 */
export function forwardedFor(header: string): string[] {
  let elements: Record<string, string>[];
  try {
    elements = parseForwarded(header);
  } catch {
    return [];
  }
  return elements.map((element) => (element.for === undefined ? '' : nodeAddress(element.for)));
}

function nodeAddress(node: string): string {
  const address = NODE.exec(node);
  return address?.[1] ?? address?.[2] ?? node;
}
