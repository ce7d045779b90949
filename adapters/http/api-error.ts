/**
 * The fixed set of error codes this API answers with, and the HTTP status of each.
 * The README documents this table; clients branch on `code`, never on `message`.
 */
export const ERROR_STATUS = {
  unauthorized: 401,
  invalid_json: 400,
  invalid_body: 400,
  invalid_query: 400,
  invalid_path_parameter: 400,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

/** The body of every error response. */
export interface ErrorBody {
  readonly code: ErrorCode;
  readonly message: string;
  readonly status: number;
  readonly details?: readonly ErrorDetail[] | undefined;
}

/** An error already phrased for the client: the error middleware renders it as it is. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: readonly ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  /** 503: a condition the client may retry shortly. */
  static serviceUnavailable(message: string): ApiError {
    return new ApiError('service_unavailable', message, { headers: { 'Retry-After': '1' } });
  }

  /** `details` is left out of the JSON when there are none. */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status, details: this.options.details };
  }
}
