/**
 * The OpenTelemetry instrumentation of each database driver, by the `db.system` its storage names: the
 * tracing adapter knows the instrumentations, a storage package loads none of them. Loaded only when asked.
 */
const INSTRUMENTATIONS: ReadonlyMap<string | undefined, () => Promise<object[]>> = new Map([
  [
    'mongodb',
    async () => {
      const { MongoDBInstrumentation } = await import('@opentelemetry/instrumentation-mongodb');
      return [new MongoDBInstrumentation()];
    },
  ],
]);

/** What instruments the driver of a storage whose `db.system` is `dbSystem`: none for one it does not know. */
export function driverInstrumentations(dbSystem: string | undefined): Promise<object[]> {
  return INSTRUMENTATIONS.get(dbSystem)?.() ?? Promise.resolve([]);
}
