import { randomBytes } from 'node:crypto';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A caller's W3C trace context, sampled: its trace, and its own span the service's must come under. */
export function callerContext(): { traceId: string; parentId: string; traceparent: string } {
  const traceId = hex(16);
  const parentId = hex(8);
  return { traceId, parentId, traceparent: `00-${traceId}-${parentId}-01` };
}
