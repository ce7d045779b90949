import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long, and how much, a connection keeps reading a body it refused before it closes. A client
 * that is still sending when the server closes gets a reset, which can discard the response it has
 * not read yet; reading on for a while (as nginx's lingering close does) lets it finish and read.
 */
export const LINGER = { ms: 10_000, bytes: 64 * 1024 * 1024 } as const;

/**
 * For a response that ends its connection before the request's body was read: once the response is
 * out, the connection goes on reading (and dropping) the body, and closes when the body has ended,
 * `bytes` more have come, or `ms` have passed (LINGER unless a test says otherwise).
 */
export function lingerBeforeClosing(
  request: IncomingMessage,
  { ms, bytes }: { ms: number; bytes: number } = LINGER,
): void {
  if (request.complete) return;
  // What is still on its way is read and dropped, so the client's sending never stalls.
  request.resume();
  const socket: Socket & { destroySoon?: () => void } = request.socket;
  // Node ends a `Connection: close` response with destroySoon(): shut at once, unread bytes and all.
  socket.destroySoon = function closeAfterLingering(this: Socket) {
    this.end();
    const close = () => this.destroy();
    const deadline = setTimeout(close, ms);
    // Node's parser reads the socket itself: what still comes arrives as the request's body.
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > bytes) close();
    });
    request.once('end', close);
    this.once('close', () => {
      clearTimeout(deadline);
    });
  };
}
