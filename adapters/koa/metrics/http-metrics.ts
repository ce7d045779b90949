/** The class of a response's status, or `aborted` when the client left before one was sent. */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'aborted'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/**
 * What the HTTP adapter reports about the requests it serves. Every label is from a fixed set: an
 * operation is one of the API's operationIds or `other`, a status class one of STATUS_CLASSES.
 */
export interface HttpMetrics {
  requestStarted(): void;
  requestFinished(operation: string, statusClass: StatusClass, seconds: number): void;
  requestRateLimited(operation: string): void;
  requestReplayed(): void;
  /** The metrics in the Prometheus text format. */
  exposition(): Promise<{ contentType: string; text: string }>;
}
