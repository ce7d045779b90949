import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import Koa from 'koa';
import { afterEach, beforeEach } from 'vitest';
import type { HttpLogger } from '../../../../adapters/http/logs/http-logger.js';
import { listen, type RunningServer } from '../../../../adapters/koa/server/http-server.js';

export const quiet: HttpLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => quiet,
};

export interface ServedApp {
  readonly running: RunningServer;
  readonly port: number;
  /** Resolves once a request to /held or /streamed has reached the app. */
  readonly arrived: Promise<void>;
  /** Lets the app answer what it holds: /held waits for it to answer at all, /streamed to end its body. */
  release(): void;
  /** A test's teardown: whatever the test left open is closed at once. */
  stop(): Promise<void>;
}

/**
 * A small app on listen(), over a real socket on 127.0.0.1: it answers with the Host and Expect it
 * was sent, holds /held until released, and streams /streamed, its head sent at once, its end on release.
 */
export async function serveTestApp(): Promise<ServedApp> {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/held') {
      arrive();
      await released;
      ctx.body = 'released';
    } else if (ctx.path === '/streamed') {
      ctx.respond = false;
      ctx.res.writeHead(200, { 'Content-Type': 'text/plain' });
      ctx.res.write('begun ');
      arrive();
      await released;
      ctx.res.end('and ended');
    } else {
      ctx.body = { host: ctx.get('Host'), expect: ctx.get('Expect') };
    }
  });
  const running = await listen(app, { port: 0, host: '127.0.0.1', logger: quiet });
  return {
    running,
    port: running.address.port,
    arrived,
    release,
    stop: async () => {
      release();
      await running.close(0);
    },
  };
}

/** A response as a client reads it, with the connection it came on. */
export interface Answer {
  readonly status: number;
  readonly connection: string | undefined;
  readonly keepAlive: string | undefined;
  readonly body: string;
  readonly socket: Socket;
}

/** What came of a request: its answer, or the error code of a failure (a refusal, a reset). */
export type Outcome = Answer | { readonly error: string };

/** The answer, failing the test on a failure. */
export function answered(outcome: Outcome): Answer {
  if ('error' in outcome) throw new Error(`no answer: ${outcome.error}`);
  return outcome;
}

/** GET `path` as node:http sends it: on `agent`'s connections, or on a connection of its own (`false`). */
export function get(agent: Agent | false, port: number, path = '/'): Promise<Outcome> {
  return new Promise((resolve) => {
    const failed = (error: NodeJS.ErrnoException) => {
      resolve({ error: error.code ?? error.message });
    };
    const request = httpRequest({ agent, host: '127.0.0.1', port, path }, (response) => {
      // Taken now: a kept-alive socket leaves the response once it ends.
      const socket = response.socket;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('error', failed);
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          keepAlive: response.headers['keep-alive']?.toString(),
          body,
          socket,
        });
      });
    });
    request.on('error', failed);
    request.end();
  });
}

/** Whether a new connection to `port` is accepted: 'connected', or the error code (ECONNREFUSED once the listener is closed). */
export function tryToConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code ?? error.message);
    });
  });
}

/** The first bytes the server writes in answer to `request`, sent on a connection of its own. */
export function firstBytes(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.toString('latin1'));
    });
    socket.on('error', reject);
  });
}

/**
 * For each test of the file it is called in: an app served afresh, and keep-alive agents of one
 * socket each (`agent` the first, `keepAliveAgent()` another), all let go after the test.
 */
export function servedPerTest(): { readonly served: ServedApp; readonly agent: Agent; keepAliveAgent(): Agent } {
  let served: ServedApp | undefined;
  const agents: Agent[] = [];
  const keepAliveAgent = () => {
    const made = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(made);
    return made;
  };
  beforeEach(async () => {
    served = await serveTestApp();
  });
  afterEach(async () => {
    for (const made of agents.splice(0)) made.destroy();
    await served?.stop();
  });
  return {
    get served() {
      if (served === undefined) throw new Error('servedPerTest: no app is served outside a test');
      return served;
    },
    get agent() {
      return agents[0] ?? keepAliveAgent();
    },
    keepAliveAgent,
  };
}
