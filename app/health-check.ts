// `node dist/app/health-check.js`: the container's health check. It asks the service's /healthz
// where HOST and PORT say it listens, and exits 0 when it answers 2xx within the time, 1 otherwise.
// It loads nothing else: it runs every few seconds beside the service.
import { DEFAULT_HOST, DEFAULT_PORT, probeUrl } from '@petstore/http/server/listen-address.js';

/** Below the image's HEALTHCHECK --timeout, so that the check says why it failed before it is killed. */
const ANSWER_WITHIN_MS = 2_500;

const url = probeUrl(process.env.HOST?.trim() || DEFAULT_HOST, process.env.PORT?.trim() || DEFAULT_PORT, '/healthz');
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  process.exitCode = response.ok ? 0 : 1;
  if (!response.ok) process.stderr.write(`health check: ${url} answered ${String(response.status)}\n`);
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(`health check: ${url} did not answer (${(error as Error).message})\n`);
}
