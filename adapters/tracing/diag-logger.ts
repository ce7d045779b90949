import type { DiagLogger } from '@opentelemetry/api';
import type { Logger } from 'pino';

/**
 * The SDK's troubles as the service's warning lines. The SDK hands an error over as its JSON
 * (`{"stack":...,"message":...}`): the line's `msg` says what went wrong, and the rest goes in `error`.
 */
export function diagLoggerOf(logger: Logger): DiagLogger {
  const warn = (message: string) => {
    const failure = errorIn(message);
    if (failure === undefined) logger.warn(`tracing: ${message}`);
    else logger.warn({ error: failure }, `tracing: ${failure.message}`);
  };
  const ignore = () => undefined;
  return { error: warn, warn, info: ignore, debug: ignore, verbose: ignore };
}

/** The error a message carries as JSON, if it is one: an object with a message. */
function errorIn(message: string): (Record<string, unknown> & { message: string }) | undefined {
  if (!message.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(message);
    const candidate = parsed as { message?: unknown } | null;
    return typeof candidate?.message === 'string'
      ? (parsed as Record<string, unknown> & { message: string })
      : undefined;
  } catch {
    return undefined;
  }
}
