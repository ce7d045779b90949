import type { AddressInfo } from 'node:net';
import { describeHttpApiContract } from '@petstore/testing';
import { fastifyHost } from '../src/fastify-host.js';

const API_KEY = 'fastify-kit-key';
const RATE_LIMIT = 40;

describeHttpApiContract('The API on Fastify', async () => {
  const { app } = await fastifyHost({
    settings: { STORAGE: 'memory', API_KEYS: API_KEY, RATE_LIMIT: String(RATE_LIMIT) },
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: API_KEY,
    rateLimit: RATE_LIMIT,
    close: () => app.close(),
  };
});
