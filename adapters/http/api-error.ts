import * as v from 'valibot';

/**
 * The fixed set of error codes this API answers with, and the HTTP status of each.
 * The README documents this table; clients branch on `code`, never on `message`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  invalid_json: 400,
  invalid_utf8: 400,
  invalid_content_encoding: 400,
  invalid_body: 400,
  invalid_query: 400,
  invalid_path_parameter: 400,
  invalid_idempotency_key: 400,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  idempotency_key_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_content_encoding: 415,
  expectation_failed: 417,
  idempotency_key_reused: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
  http_version_not_supported: 505,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** What a 505 says, whether Node's parser or the app refused the version. */
export const HTTP_VERSIONS_SPOKEN = 'This server speaks HTTP/1.1 (and HTTP/1.0)';

/** The most `details` an error lists, and the most characters of client input it echoes in one piece. */
export const MAX_ERROR_DETAILS = 10;
export const MAX_ECHOED_CHARACTERS = 64;

/** Client input as an error may quote it: at most MAX_ECHOED_CHARACTERS code points, then '…'. */
export function clipClientText(text: string): string {
  // Counted in code points, so a cut never splits a surrogate pair.
  let clipped = '';
  let count = 0;
  for (const character of text) {
    if (count === MAX_ECHOED_CHARACTERS) return `${clipped}…`;
    clipped += character;
    count += 1;
  }
  return clipped;
}

const errorDetailSchema = v.strictObject({
  path: v.pipe(v.string(), v.description('The offending field, dot-separated; empty for the body as a whole.')),
  message: v.pipe(v.string(), v.description('What is wrong with it.')),
});

/** The body of every error response, as the OpenAPI document publishes it. */
export const errorBodySchema = v.strictObject({
  code: v.pipe(v.picklist(ERROR_CODES), v.description('Machine-readable; branch on this.')),
  message: v.pipe(v.string(), v.description('For humans; may change between releases.')),
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599), v.description('The HTTP status of the response.')),
  details: v.optional(
    v.pipe(
      v.array(errorDetailSchema),
      v.maxLength(MAX_ERROR_DETAILS),
      v.description(
        `Validation errors only: one entry per offending field, the first ${MAX_ERROR_DETAILS} of them; ` +
          `field names longer than ${MAX_ECHOED_CHARACTERS} characters are cut short and end in '…'.`,
      ),
    ),
  ),
});

export type ErrorDetail = v.InferOutput<typeof errorDetailSchema>;
export type ErrorBody = v.InferOutput<typeof errorBodySchema>;

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
