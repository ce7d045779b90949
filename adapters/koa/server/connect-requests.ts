import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * The server's `connect` listener. Node hands a CONNECT request (a proxy's tunnel) to this event, not
 * to the app, and with no listener drops the connection without a byte. This server is no proxy, yet
 * such a request is answered like any other: it goes to `serve`, the app's own, with a response of
 * its own over the connection, and gets the app's answer (a 501), its headers and its access line.
 * The connection is closed after it, since what the client sends next is a tunnel's, not HTTP.
 */
export function answerConnectRequests(
  serve: (request: IncomingMessage, response: ServerResponse) => void,
): (request: IncomingMessage, socket: Duplex) => void {
  return function answerConnectRequest(request, socket) {
    // Node has let go of the socket: an error on it (a client's reset) is this listener's to handle.
    socket.on('error', () => socket.destroy());
    const response = new ServerResponse(request);
    // Written as `Connection: close`, and the connection closed once the response is out.
    response.shouldKeepAlive = false;
    // Node's type says Duplex; the HTTP server hands over its connection's net.Socket.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- see above
    response.assignSocket(socket as Socket);
    response.once('finish', () => {
      socket.end();
      socket.once('finish', () => socket.destroy());
    });
    serve(request, response);
  };
}
