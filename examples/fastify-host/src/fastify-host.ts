import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { openHostedContract, type HostRequest, type HostResponse, type HostOptions } from '@petstore/host';

/** The API on Fastify: a route per operation of the contract, and the contract's answer to whatever else comes. */
export async function fastifyHost(options: HostOptions) {
  const hosted = await openHostedContract(options);
  const app = Fastify();
  // The contract reads a body, and only for an operation that takes one once the key is good: none is parsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, body, done) => {
    done(null, body);
  });
  const answer = async (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, await hosted.contract.handle(hostRequestOf(request)));
  for (const { method, path } of hosted.contract.operations)
    app.route({ method, url: path.replaceAll(/\{([^}]+)\}/g, ':$1'), handler: answer });
  // No route (another path, another method, OPTIONS): the contract says 404, 405 or 204 itself.
  app.setNotFoundHandler(answer);
  // Readiness says 503 while Fastify stops; the storage closes once it has.
  app.addHook('preClose', async () => hosted.drain());
  app.addHook('onClose', () => hosted.close());
  return { app, apiKey: hosted.apiKey };
}

function hostRequestOf(request: FastifyRequest): HostRequest {
  return {
    method: request.method,
    target: request.raw.url ?? '/',
    header: (name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    clientAddress: request.ip,
    body: request.raw,
  };
}

function send(reply: FastifyReply, { status, headers, body }: HostResponse): FastifyReply {
  reply.code(status);
  for (const [name, value] of headers) reply.header(name, value);
  return reply.send(body);
}
