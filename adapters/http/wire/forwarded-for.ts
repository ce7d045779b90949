/**
 * The addresses proxies forwarded a request for, read from the header they write, the client's
 * first and the nearest proxy's peer last. An entry that names no address is kept as written: it
 * stops the walk back (client-address.ts) at the proxy that wrote it.
 */

/** X-Forwarded-For: addresses separated by commas. */
export function xForwardedFor(header: string): string[] {
  return header.split(',').map((entry) => entry.trim());
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** A parameter of a Forwarded element: its name, its value as a token or inside quotes, and what ends it. */
const PARAMETER = new RegExp(String.raw`[ \t]*(${TOKEN})=(?:(${TOKEN})|"((?:[^"\\]|\\.)*)")[ \t]*([;,]|$)`, 'y');
/**
 * Its groups: the quoted text is there whenever the token is not; `;` ends it when a parameter
 * follows, `,` when an element does.
 */
type ParameterMatch = [whole: string, name: string, token: string | undefined, quoted: string, end: string];
/** RFC 7239's node: an IPv4 address, or an IPv6 one in brackets, each with an optional port. */
const NODE = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::[0-9A-Za-z._-]+)?$/;

/**
 * Forwarded (RFC 7239): the `for` of each element (`for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"`),
 * without its port and brackets. A header that does not parse names nobody: none of it is taken.
 */
export function forwardedFor(header: string): string[] {
  const hops: string[] = [];
  let hop = '';
  PARAMETER.lastIndex = 0;
  while (PARAMETER.lastIndex < header.length) {
    const parameter = PARAMETER.exec(header);
    if (parameter === null) return [];
    const [, name, token, quoted, end] = parameter as unknown as ParameterMatch;
    if (name.toLowerCase() === 'for') hop = nodeAddress(token ?? unescaped(quoted));
    if (end !== ';') {
      hops.push(hop);
      hop = '';
    }
  }
  return hops;
}

/** A quoted string's text: each backslash gives the character after it. */
function unescaped(quoted: string): string {
  return quoted.replaceAll(/\\(.)/g, '$1');
}

function nodeAddress(node: string): string {
  const address = NODE.exec(node);
  return address?.[1] ?? address?.[2] ?? node;
}
