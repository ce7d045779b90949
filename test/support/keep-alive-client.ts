import { request as httpRequest, type Agent } from 'node:http';

/** What came of one request: its answer, or the error code of a failure (a reset, a refusal, a timeout). */
export type Sent = { readonly status: number; readonly connection: string | undefined } | { readonly error: string };

/**
 * One request on the agent's connections, as a keep-alive client sends it; a POST carries a valid
 * NewPet. A failure resolves with its error code rather than rejecting.
 */
export function sendOn(
  agent: Agent,
  port: number,
  {
    method,
    path,
    key,
    idempotencyKey,
    timeoutMs,
  }: { method: 'GET' | 'POST'; path: string; key: string; idempotencyKey?: string | undefined; timeoutMs: number },
): Promise<Sent> {
  return new Promise((resolve) => {
    const body = method === 'POST' ? JSON.stringify({ name: 'Rex', categoryId: 1 }) : undefined;
    const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    const failed = (error: NodeJS.ErrnoException) => {
      resolve({ error: error.code ?? error.message });
    };
    const request = httpRequest(
      { agent, host: '127.0.0.1', port, method, path, headers, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        });
        response.on('error', failed);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', failed);
    request.end(body);
  });
}
