// The service on PostgreSQL: `POSTGRES_URL=postgres://... API_KEYS=... node out/src/serve.js`. Every
// setting `petstore serve --help` lists is read from the environment, and POSTGRES_* besides.
import { startService } from 'petstore';
import { postgresStorage } from './postgres-storage.js';

const service = await startService({ settings: process.env, storage: postgresStorage });
const stop = (): void => {
  service.close().then(
    (outcome) => {
      process.exitCode = outcome === 'drained' ? 0 : 124;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
