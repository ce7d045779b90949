/** Where the service listens unless PORT and HOST say otherwise: the one home of both defaults. */
export const DEFAULT_PORT = '8080';
export const DEFAULT_HOST = '127.0.0.1';

/**
 * The address a probe on the same machine reaches a service listening on `host` at: a wildcard
 * (every interface) is reached on the loopback of its family; any other host, as it is named.
 */
export function probeUrl(host: string, port: string, path: string): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `${httpOrigin(reachable, port)}${path}`;
}

/** `http://host:port`, an IPv6 address in brackets. */
export function httpOrigin(host: string, port: number | string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
}
