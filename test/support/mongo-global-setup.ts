import type { TestProject } from 'vitest/node';

export interface MongoForTests {
  /** Connection string of a server the Mongo suites may use; absent when none could be had. */
  readonly uri?: string;
  /** Why the Mongo suites are skipped, when they are. */
  readonly skipReason?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongo: MongoForTests;
  }
}

/** Long enough for mongodb-memory-server's first download where there is internet. */
const MEMORY_SERVER_START_LIMIT_MS = 180_000;

/**
 * Finds a MongoDB for the test run, once: TEST_MONGODB_URI if set, else mongodb-memory-server
 * (honouring its MONGOMS_* variables), else none, and then says in one line why the Mongo
 * suites are skipped and how to run them. mongodb-memory-server uses a mongod already on the
 * machine unless MONGOMS_RUNTIME_DOWNLOAD=true: a test run downloads nothing unasked, and where
 * no download can succeed it does not wait seconds for one to fail.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fromEnvironment = process.env.TEST_MONGODB_URI;
  if (fromEnvironment) {
    project.provide('mongo', { uri: fromEnvironment });
    return () => Promise.resolve();
  }
  process.env.MONGOMS_RUNTIME_DOWNLOAD ??= 'false';
  const started = await startMemoryServer();
  if ('uri' in started) {
    project.provide('mongo', { uri: started.uri });
    return started.stop;
  }
  const skipReason = `no MongoDB server: TEST_MONGODB_URI is not set and mongodb-memory-server could not start one (${started.failure})`;
  process.stdout.write(
    `\nMongoDB suites SKIPPED: ${skipReason}. Run them with TEST_MONGODB_URI=mongodb://host:27017 npm test, MONGOMS_SYSTEM_BINARY=/path/to/mongod, or MONGOMS_RUNTIME_DOWNLOAD=true to let mongodb-memory-server download one.\n\n`,
  );
  project.provide('mongo', { skipReason });
  return () => Promise.resolve();
}

async function startMemoryServer(): Promise<{ uri: string; stop: () => Promise<void> } | { failure: string }> {
  // The library prints its own multi-line stack on failure; our one line says it better.
  const { error: consoleError, warn: consoleWarn } = console;
  console.error = () => undefined;
  console.warn = () => undefined;
  try {
    const { MongoMemoryServer } = await import('mongodb-memory-server-core');
    const server = await withTimeout(MongoMemoryServer.create(), MEMORY_SERVER_START_LIMIT_MS);
    return {
      uri: server.getUri(),
      stop: async () => {
        await server.stop();
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { failure: message.replace(/\s+/g, ' ').trim().slice(0, 200) };
  } finally {
    console.error = consoleError;
    console.warn = consoleWarn;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`did not start within ${ms / 1000} s`));
    }, ms);
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
    });
  });
}
