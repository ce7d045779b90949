// Serves the fetch handler of petstore/http on loopback under Bun or Deno, each with its own server, from the
// built package: `<runtime> serve-fetch-handler.ts <path of app/host/dist/index.js> '<settings as JSON>'`. Prints the
// port once listening; stops when killed. Both runtimes run TypeScript as it is.
import type { FetchService } from '../../app/host/index.js';

/** The little of each runtime's own API this uses. */
interface Bun {
  serve(options: {
    hostname: string;
    port: number;
    fetch: (request: Request, server: { requestIP(request: Request): { address: string } | null }) => Promise<Response>;
  }): { port: number };
}
interface Deno {
  readonly args: string[];
  serve(
    options: { hostname: string; port: number; onListen: (address: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Promise<Response>,
  ): unknown;
}
const { Bun, Deno } = globalThis as unknown as { Bun?: Bun; Deno?: Deno };

const [entry, settings] = Deno === undefined ? process.argv.slice(2) : Deno.args;
const { createFetchHandler } = (await import(entry ?? '')) as {
  createFetchHandler: (options: object) => Promise<FetchService>;
};
const service = await createFetchHandler({ settings: JSON.parse(settings ?? '{}') as object, logger: false });

if (Bun !== undefined) {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request, bun) => service.fetch(request, { clientAddress: bun.requestIP(request)?.address }),
  });
  console.log(`listening ${server.port}`);
} else if (Deno !== undefined) {
  Deno.serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }) => {
        console.log(`listening ${port}`);
      },
    },
    (request, info) => service.fetch(request, { clientAddress: info.remoteAddr.hostname }),
  );
} else {
  throw new Error('serve-fetch-handler.ts runs under Bun or Deno');
}
