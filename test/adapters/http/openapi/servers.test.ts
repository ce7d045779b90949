import { describe, expect, it } from 'vitest';
import { apiServers } from '../../../../adapters/http/openapi/servers.js';

describe('the servers the OpenAPI document lists', () => {
  it('are this server, by a relative address, when no public address is configured', () => {
    expect(apiServers({ publicBaseUrl: undefined, stagingBaseUrl: undefined })).toEqual([
      { url: '/v1', description: 'This server' },
    ]);
  });

  it('keep this server first when only staging is configured', () => {
    expect(apiServers({ publicBaseUrl: undefined, stagingBaseUrl: 'https://staging.example.com/v1' })).toEqual([
      { url: '/v1', description: 'This server' },
      { url: 'https://staging.example.com/v1', description: 'Staging' },
    ]);
  });

  it('are production, then staging, when both are configured', () => {
    expect(
      apiServers({ publicBaseUrl: 'https://api.example.com/v1', stagingBaseUrl: 'https://staging.example.com/v1' }),
    ).toEqual([
      { url: 'https://api.example.com/v1', description: 'Production' },
      { url: 'https://staging.example.com/v1', description: 'Staging' },
    ]);
  });
});
