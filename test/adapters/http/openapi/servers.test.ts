import { describe, expect, it } from 'vitest';
import { apiServers } from '../../../../adapters/http/openapi/servers.js';

const THIS_SERVER = 'This server: no production address is set, so a local or test run';

describe('the servers the OpenAPI document lists, each named for its environment, for clients', () => {
  it('are this server, by a relative address, when no public address is configured', () => {
    expect(apiServers({ publicBaseUrl: undefined, stagingBaseUrl: undefined })).toEqual([
      { url: '/v1', description: THIS_SERVER, 'x-internal': false },
    ]);
  });

  it('keep this server first when only staging is configured', () => {
    expect(apiServers({ publicBaseUrl: undefined, stagingBaseUrl: 'https://staging.example.com/v1' })).toEqual([
      { url: '/v1', description: THIS_SERVER, 'x-internal': false },
      { url: 'https://staging.example.com/v1', description: 'Staging', 'x-internal': false },
    ]);
  });

  it('are production, then staging, when both are configured', () => {
    expect(
      apiServers({ publicBaseUrl: 'https://api.example.com/v1', stagingBaseUrl: 'https://staging.example.com/v1' }),
    ).toEqual([
      { url: 'https://api.example.com/v1', description: 'Production', 'x-internal': false },
      { url: 'https://staging.example.com/v1', description: 'Staging', 'x-internal': false },
    ]);
  });
});
