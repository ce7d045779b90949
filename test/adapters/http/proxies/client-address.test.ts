import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import {
  clientAddressBehind,
  peerAddress,
  type TrustedProxy,
} from '../../../../adapters/http/proxies/client-address.js';

/** A request as the client address reads it: its socket's peer and its headers. */
function aRequest(remoteAddress: string | undefined, headers: Record<string, string> = {}): Context {
  return {
    socket: { remoteAddress },
    get: (name: string) => headers[name.toLowerCase()] ?? '',
  } as unknown as Context;
}

const BEHIND_10_8: TrustedProxy = { ranges: ['10.0.0.0/8'], header: 'x-forwarded-for' };

describe('the peer address', () => {
  it("is the socket's peer, or nothing once the socket has let go of it", () => {
    expect(peerAddress(aRequest('192.0.2.1'))).toBe('192.0.2.1');
    expect(peerAddress(aRequest(undefined))).toBe('');
  });
});

describe('the client address behind trusted proxies', () => {
  const behind = clientAddressBehind(BEHIND_10_8);
  const from = (peer: string | undefined, forwardedFor: string) =>
    behind(aRequest(peer, { 'x-forwarded-for': forwardedFor }));

  it('is what a trusted proxy forwarded for', () => {
    expect(from('10.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('is the peer when the peer is not trusted, whatever it says', () => {
    expect(from('192.0.2.1', '198.51.100.7')).toBe('192.0.2.1');
    expect(from(undefined, '198.51.100.7')).toBe('');
  });

  it('walks back past every trusted proxy to the first address that is not one', () => {
    expect(from('10.0.0.1', '198.51.100.7, 10.0.0.3,10.0.0.2')).toBe('198.51.100.7');
  });

  it('stops at the first untrusted address: what the client wrote before it is its own to forge', () => {
    expect(from('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });

  it('is the farthest proxy when every address is a trusted one', () => {
    expect(from('10.0.0.1', '10.0.0.3, 10.0.0.2')).toBe('10.0.0.3');
  });

  it('is the trusted proxy itself when it forwarded for nobody', () => {
    expect(behind(aRequest('10.0.0.1'))).toBe('10.0.0.1');
  });

  it('stops at the proxy that wrote something that is not an address', () => {
    expect(from('10.0.0.1', '198.51.100.7, garbage')).toBe('10.0.0.1');
    expect(from('10.0.0.1', '198.51.100.7, 10.0.0.2, unknown')).toBe('10.0.0.1');
    expect(from('10.0.0.1', 'garbage, 10.0.0.2')).toBe('10.0.0.2');
    expect(from('10.0.0.1', 'garbage, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('reads only the header its proxies write', () => {
    const headers = { 'x-forwarded-for': '198.51.100.7', forwarded: 'for=203.0.113.9' };
    expect(behind(aRequest('10.0.0.1', headers))).toBe('198.51.100.7');
    const behindForwarding = clientAddressBehind({ ranges: ['10.0.0.0/8'], header: 'forwarded' });
    expect(behindForwarding(aRequest('10.0.0.1', headers))).toBe('203.0.113.9');
    expect(behindForwarding(aRequest('10.0.0.1', { forwarded: 'for="[2001:db8::7]:4711"' }))).toBe('2001:db8::7');
  });
});
