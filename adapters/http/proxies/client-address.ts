import { ipVersion } from './ip-address.js';
import { forwardedFor, xForwardedFor } from './forwarded-for.js';
import { trustedProxies } from './trusted-proxies.js';

/** The headers a proxy may say whom it forwards for in: the common one, and the standard one. */
export const PROXY_HEADERS = ['x-forwarded-for', 'forwarded'] as const;

/** The proxies in front of the service whose word on the client's address is taken. */
export interface TrustedProxy {
  /** Their addresses and ranges (`10.0.0.0/8`), or `loopback`, `linklocal`, `uniquelocal`. */
  readonly ranges: readonly string[];
  /** The header they write: the one header read, so that a client cannot forge the other. */
  readonly header: (typeof PROXY_HEADERS)[number];
}

/** What the address is read from: the socket's peer and the request's headers, as any Node framework gives them. */
export interface ProxiedRequest {
  readonly socket: { readonly remoteAddress?: string | undefined };
  get(header: string): string;
}

/** Whose request it is, by address: whom the rate limit counts and the access line names. */
export type ClientAddressOf = (request: ProxiedRequest) => string;

/** The socket's peer: with no proxy trusted, what any header says is the client's to forge. */
export const peerAddress: ClientAddressOf = (request) => request.socket.remoteAddress ?? '';

/**
 * Walks back from the peer through the addresses the proxies forwarded for, nearest first, while
 * each address is a trusted proxy's: the first one that is not is the client. A peer that is not
 * trusted is the client whatever it sent; an entry that is no address stops the walk at the proxy
 * that wrote it.
 */
export function clientAddressBehind({ ranges, header }: TrustedProxy): ClientAddressOf {
  const trusted = trustedProxies(ranges);
  const hopsOf = header === 'forwarded' ? forwardedFor : xForwardedFor;
  return (request) => {
    const peer = peerAddress(request);
    if (!trusted(peer)) return peer;
    const hops = hopsOf(request.get(header));
    let client = peer;
    for (const hop of hops.reverse()) {
      if (ipVersion(hop) === 0) break;
      client = hop;
      if (!trusted(hop)) break;
    }
    return client;
  };
}
