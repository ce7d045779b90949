/** The slice of a logger the HTTP adapter needs; pino's logger fits it. */
export interface HttpLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  child(bindings: { requestId: string }): HttpLogger;
}
