// Serves the fetch handler of petstore/http on loopback, under Bun or Deno (or Node), from the built package:
// `<runtime> serve-fetch-handler.mjs <path of dist/app/http.js> '<settings as JSON>'`. Prints the port once
// listening; stops on SIGTERM.
const args = globalThis.Deno === undefined ? process.argv.slice(2) : globalThis.Deno.args;
const [entry, settings] = args;
const { createFetchHandler } = await import(entry);
const service = await createFetchHandler({ settings: JSON.parse(settings), logger: false });

if (globalThis.Bun !== undefined) {
  const server = globalThis.Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request, bun) => service.fetch(request, { clientAddress: bun.requestIP(request)?.address }),
  });
  console.log(`listening ${server.port}`);
} else if (globalThis.Deno !== undefined) {
  globalThis.Deno.serve(
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
  throw new Error('serve-fetch-handler.mjs runs under Bun or Deno');
}
