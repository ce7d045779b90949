/** The slice of a logger the HTTP adapter needs; pino's logger fits it. */
export interface HttpLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  child(bindings: { requestId: string } & Partial<TraceIds>): HttpLogger;
}

/** Where a traced request sits in its trace, by the field names OpenTelemetry gives log records. */
export interface TraceIds {
  readonly trace_id: string;
  readonly span_id: string;
}
