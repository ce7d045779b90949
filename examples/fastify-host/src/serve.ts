import { fastifyHost } from './fastify-host.js';

const { app } = await fastifyHost({ settings: process.env });
const address = await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '127.0.0.1' });
console.log(`listening on ${address}`);
process.once('SIGTERM', () => void app.close());
