import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An attribute value as OTLP/JSON writes it. */
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
}

interface KeyValue {
  key: string;
  value: AnyValue;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  status?: { code?: number };
  events?: { name: string; attributes?: KeyValue[] }[];
}

interface ExportRequest {
  resourceSpans: { resource?: { attributes?: KeyValue[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/** A span as a test reads it: ids in hex, attributes as plain values. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  /** 2 is an error. */
  readonly statusCode: number;
  readonly events: readonly { name: string; attributes: Readonly<Record<string, string | number | boolean>> }[];
  readonly resource: Readonly<Record<string, string | number | boolean>>;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;
export const STATUS_ERROR = 2;

export interface OtlpReceiver {
  /** Its base address, for OTEL_EXPORTER_OTLP_ENDPOINT (spans are posted to `<endpoint>/v1/traces`). */
  readonly endpoint: string;
  /** Every span received so far. */
  spans(): ReceivedSpan[];
  /** Every request body received so far, as sent, with its content type. */
  posts(): { path: string; contentType: string | undefined; body: Buffer }[];
  /** Waits until `enough` holds of the spans received. */
  waitFor(enough: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

function plain(attributes: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes ?? []) {
    const scalar =
      value.stringValue ??
      value.boolValue ??
      value.doubleValue ??
      (value.intValue === undefined ? undefined : Number(value.intValue));
    if (scalar !== undefined) values[key] = scalar;
  }
  return values;
}

/**
 * An OTLP/HTTP receiver on loopback, as a collector is to the service: it answers each export with
 * 200 and keeps the spans of JSON exports (OTEL_EXPORTER_OTLP_PROTOCOL=http/json). Bodies in
 * another encoding are kept as sent.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const posts: { path: string; contentType: string | undefined; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = request.headers['content-type'];
      posts.push({ path: request.url ?? '', contentType, body });
      if (contentType?.startsWith('application/json') === true) {
        const { resourceSpans } = JSON.parse(body.toString('utf8')) as ExportRequest;
        for (const { resource, scopeSpans } of resourceSpans) {
          for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
            received.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId === '' ? undefined : span.parentSpanId,
              name: span.name,
              kind: span.kind,
              attributes: plain(span.attributes),
              statusCode: span.status?.code ?? 0,
              events: (span.events ?? []).map((event) => ({ name: event.name, attributes: plain(event.attributes) })),
              resource: plain(resource?.attributes),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    posts: () => [...posts],
    async waitFor(enough, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!enough(received)) {
        if (Date.now() > deadline)
          throw new Error(`spans not received in time; received: ${received.map((span) => span.name).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return [...received];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
