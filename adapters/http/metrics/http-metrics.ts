import type { MeasuredOperation } from '../operations.js';

/** The class of an answer's status, or `aborted` when the client left before one was sent. */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'aborted'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** What the HTTP adapter reports about the requests it serves; every label is from a fixed set. */
export interface HttpMetrics {
  requestStarted(): void;
  requestFinished(operation: MeasuredOperation, statusClass: StatusClass, seconds: number): void;
  requestRateLimited(operation: MeasuredOperation): void;
  requestReplayed(): void;
  /** The metrics in the Prometheus text format. */
  exposition(): Promise<{ contentType: string; text: string }>;
}
