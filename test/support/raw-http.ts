import { connect } from 'node:net';

/** A response as it came over the wire; header names lowercased. */
export interface RawResponse {
  /** As written: `HTTP/1.1 404 Not Found`. */
  readonly statusLine: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends `request` byte for byte over a fresh TCP connection to 127.0.0.1:`port` and reads one
 * response: what fetch or node:http would refuse to send (unknown methods, bad framing, any
 * request target) reaches the server as written. Resolves undefined when the server closed
 * the connection without answering.
 */
export function sendRaw(
  port: number,
  request: string | Buffer,
  { head = false, timeoutMs = 5_000 } = {},
): Promise<RawResponse | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no complete answer within ${timeoutMs} ms to ${JSON.stringify(request.toString().slice(0, 80))}`),
      );
    }, timeoutMs);
    const finish = (parsed: (RawResponse & { length: number }) | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(
        parsed && { statusLine: parsed.statusLine, status: parsed.status, headers: parsed.headers, body: parsed.body },
      );
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const response = parseResponse(received, head);
      if (response) finish(response);
    });
    // The server may close as soon as it has answered a request it could not read to the end.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      finish(parseResponse(received, head));
    });
    socket.write(request);
  });
}

/**
 * Sends `request` over a fresh connection, half-closes it, and reads every response until the server
 * closes: for pipelined requests, and bytes after a complete request.
 */
export function sendRawReadingAll(
  port: number,
  request: string | Buffer,
  { timeoutMs = 5_000 } = {},
): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `the server did not close within ${timeoutMs} ms after ${JSON.stringify(request.toString().slice(0, 80))}`,
        ),
      );
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const responses: RawResponse[] = [];
      let rest = Buffer.concat(chunks);
      for (let response = parseResponse(rest, false); response !== undefined; response = parseResponse(rest, false)) {
        responses.push({
          statusLine: response.statusLine,
          status: response.status,
          headers: response.headers,
          body: response.body,
        });
        rest = rest.subarray(response.length);
      }
      resolve(responses);
    });
    socket.end(request);
  });
}

/** The final response in `bytes` once it is complete (by Content-Length, or no body for HEAD), and how many bytes it took. */
function parseResponse(bytes: Buffer, head: boolean): (RawResponse & { length: number }) | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  // An interim answer (100 Continue) comes before the final one.
  if (/^HTTP\/1\.[01] 1\d\d /.test(bytes.subarray(0, 13).toString('latin1'))) {
    const final = parseResponse(bytes.subarray(end + 4), head);
    return final && { ...final, length: end + 4 + final.length };
  }
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = head ? 0 : Number(headers['content-length'] ?? 0);
  const body = bytes.subarray(end + 4);
  if (body.length < length) return undefined;
  return {
    statusLine,
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString('utf8'),
    length: end + 4 + length,
  };
}

/** A request with the given head lines; `Connection: close` so the server never waits for another. */
export function rawRequest(method: string, target: string, headers: readonly string[] = [], body = ''): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers];
  if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
