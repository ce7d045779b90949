import { ERRORS, type ErrorCode, type RetryAfterCode } from './error-codes.js';

export { HTTP_VERSIONS_SPOKEN } from './error-codes.js';
import { clipClientText, clipMessage, type ErrorBody, type ErrorDetail } from './error-body.js';

/** An error already phrased for the client: the error middleware renders it as it is. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = ERRORS[code].status;
  }

  /** A condition the client may retry after `seconds`, which Retry-After tells it. */
  static retryLater(code: RetryAfterCode, message: string, seconds = 1): ApiError {
    return new ApiError(code, message, { headers: { 'Retry-After': String(seconds) } });
  }

  /**
   * `details` is left out of the JSON when there are none. Every string is held to the length the
   * document promises, whoever phrased it.
   */
  toBody(): ErrorBody {
    return {
      code: this.code,
      message: clipMessage(this.message),
      status: this.status,
      details: this.options.details?.map(({ path, message }) => ({
        path: clipClientText(path),
        message: clipMessage(message),
      })),
    };
  }
}
