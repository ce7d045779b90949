import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { StorageOutage } from './fixtures.js';

/**
 * A TCP relay to a real server that can be cut and restored on the same port, frozen (connections
 * accepted, nothing answered: a partition) and slowed (every reply held back): a stand-in for a
 * database going away, hanging or lagging, and coming back. Point the storage under test at
 * `127.0.0.1:port` once `start` resolves, and give the outage contract `outage(timeoutMs)`.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Bytes from the server are held this long before the client gets them; Infinity holds them for ever. */
  private replyDelayMs = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (again, after a cut, on the same port), relaying each connection to the server. */
  async start(): Promise<void> {
    if (this.server !== undefined) return;
    const server = createServer((client) => {
      const upstream = createConnection(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream);
      // Replies keep their order: none is delivered before one the server sent earlier.
      let lastDelivery = 0;
      upstream.on('data', (chunk: Buffer) => {
        if (this.replyDelayMs === Infinity) return;
        lastDelivery = Math.max(Date.now() + this.replyDelayMs, lastDelivery);
        setTimeout(() => client.write(chunk), lastDelivery - Date.now());
      });
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    // Back on its port after a cut, unless another listener took it meanwhile: then say so at once, never hang.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Holds back every reply by `ms` from now on, in order; Infinity drops them: the server never answers again. */
  delayReplies(ms: number): void {
    this.replyDelayMs = ms;
  }

  /**
   * The relay as the outage contract's hook: `timeoutMs` is the storage's own bound on a call. A
   * restore drops every connection made before it, as a server that restarted would, and relays again.
   */
  outage(timeoutMs: number): StorageOutage {
    return {
      timeoutMs,
      cutOff: () => this.cut(),
      stall: () => {
        this.delayReplies(Infinity);
        return Promise.resolve();
      },
      restore: async () => {
        if (this.server !== undefined) {
          // Stalled or slowed, the relay still listens: its connections are dropped, as a server that restarted
          // drops them, and its port is kept, so that nothing else can take it meanwhile.
          if (this.replyDelayMs === 0) return;
          for (const socket of this.sockets) socket.destroy();
          this.delayReplies(0);
          return;
        }
        this.delayReplies(0);
        await this.start();
      },
    };
  }

  /** Refuses new connections and drops the open ones, as a dead server would. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server)
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
  }
}

/** A port on 127.0.0.1 where nothing listens: connections are refused at once. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}
