import { ERROR_STATUS, type ErrorCode } from './error-codes.js';
import type { ErrorBody, ErrorDetail } from './error-body.js';

/** What a 505 says, whether Node's parser or the app refused the version. */
export const HTTP_VERSIONS_SPOKEN = 'This server speaks HTTP/1.1 (and HTTP/1.0)';

/** An error already phrased for the client: the error middleware renders it as it is. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  /** A condition the client may retry shortly (503, 409). */
  static retryLater(code: 'service_unavailable' | 'idempotency_key_in_use', message: string): ApiError {
    return new ApiError(code, message, { headers: { 'Retry-After': '1' } });
  }

  /** `details` is left out of the JSON when there are none. */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status, details: this.options.details };
  }
}
