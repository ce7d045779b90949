import { describe, expect, it } from 'vitest';
import { serveUntilStopped as serve } from '../../app/serve-command.js';

describe('petstore serve', () => {
  it('reads its settings once per start, and the service starts from what it read', async () => {
    let reads = 0;
    const settings = { PORT: '0', STORAGE: 'memory', API_KEYS: 'a-key', LOG_LEVEL: 'silent', SHUTDOWN_GRACE: '0s' };
    // Each reading of the whole environment lists its variables: counted here.
    const env = new Proxy(settings, {
      ownKeys(target) {
        reads += 1;
        return Reflect.ownKeys(target);
      },
    });
    const listening = process.listenerCount('SIGTERM');
    const exited = serve(env);
    while (process.listenerCount('SIGTERM') === listening) await new Promise((resolve) => setTimeout(resolve, 10));
    process.emit('SIGTERM');
    expect(await exited).toBe(0);
    expect(reads).toBe(1);
  });

  it('heeds a stop signal that comes while it starts: once started, it drains and exits 0', async () => {
    const settings = { PORT: '0', STORAGE: 'memory', API_KEYS: 'a-key', LOG_LEVEL: 'silent', SHUTDOWN_GRACE: '0s' };
    const exited = serve(settings);
    // Before the storage has opened or the port is bound: the signal must not be lost, nor end the process.
    process.emit('SIGTERM');
    expect(await exited).toBe(0);
  });
});
