import { connect } from 'node:net';

/** A response as it came over the wire; header names lowercased. */
export interface RawResponse {
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
export function sendRaw(port: number, request: string | Buffer, { head = false, timeoutMs = 5_000 } = {}): Promise<RawResponse | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms to ${JSON.stringify(request.toString().slice(0, 80))}`));
    }, timeoutMs);
    const finish = (response: RawResponse | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(response);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const response = parseResponse(received, head);
      if (response) finish(response);
    });
    // The server may close as soon as it has answered a request it could not read to the end.
    socket.on('error', () => undefined);
    socket.on('close', () => { finish(parseResponse(received, head)); });
    socket.write(request);
  });
}

/** The final response in `bytes` once it is complete (by Content-Length, or no body for HEAD). */
function parseResponse(bytes: Buffer, head: boolean): RawResponse | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  // An interim answer (100 Continue) comes before the final one.
  if (/^HTTP\/1\.[01] 1\d\d /.test(bytes.subarray(0, 13).toString('latin1'))) return parseResponse(bytes.subarray(end + 4), head);
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = head ? 0 : Number(headers['content-length'] ?? 0);
  const body = bytes.subarray(end + 4);
  if (body.length < length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}

/** A request with the given head lines; `Connection: close` so the server never waits for another. */
export function rawRequest(method: string, target: string, headers: readonly string[] = [], body = ''): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers];
  if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
