import { describe, expect, it } from 'vitest';
import { httpOrigin, probeUrl } from '../../../../adapters/http/server/listen-address.js';

describe('where a probe reaches the service', () => {
  it('reaches a wildcard address on the loopback of its family', () => {
    expect(probeUrl('0.0.0.0', '8080', '/healthz')).toBe('http://127.0.0.1:8080/healthz');
    expect(probeUrl('::', '8081', '/readyz')).toBe('http://[::1]:8081/readyz');
  });

  it('reaches any other host as it is named, an IPv6 address in brackets', () => {
    expect(probeUrl('10.0.0.7', '80', '/healthz')).toBe('http://10.0.0.7:80/healthz');
    expect(probeUrl('petstore.internal', '8080', '/')).toBe('http://petstore.internal:8080/');
    expect(probeUrl('fd00::7', '8080', '/healthz')).toBe('http://[fd00::7]:8080/healthz');
  });

  it('writes an origin from a host and a port', () => {
    expect(httpOrigin('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(httpOrigin('::1', '9090')).toBe('http://[::1]:9090');
  });
});
