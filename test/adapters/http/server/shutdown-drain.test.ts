import { describe, expect, it } from 'vitest';
import { SETTLE_LIMIT_MS } from '../../../../adapters/koa/server/graceful-shutdown.js';
import { answered, get, servedPerTest, type Outcome } from './served-app.js';

const each = servedPerTest();

describe('a shutdown with a grace (drainMs): the drain', () => {
  it('closes the connection of a response in flight when it begins, and serves new connections, closing each after its response', async () => {
    const holding = each.keepAliveAgent();
    const held = get(holding, each.served.port, '/held');
    await each.served.arrived;

    const closing = each.served.running.close(2_000, 400);
    each.served.release();
    const fresh = answered(await get(each.keepAliveAgent(), each.served.port));

    expect(answered(await held)).toMatchObject({ status: 200, body: 'released', connection: 'close' });
    expect(fresh).toMatchObject({ status: 200, connection: 'close' });
    expect(await closing).toBe('drained');
  });
});

describe('a shutdown with a grace: after the drain, the settle, then the stopping', () => {
  it('lets a keep-alive client settle on one kept connection, then closes it after a response and refuses the next, never resetting a request', async () => {
    const agent = each.keepAliveAgent();
    // The limit is below SETTLE_LIMIT_MS: only a settle that ends on quiet ends before it, drained.
    const closing = each.served.running.close(900, 300);
    const outcomes: Outcome[] = [];
    for (let last: Outcome | undefined; last === undefined || !('error' in last);) {
      last = await get(agent, each.served.port);
      outcomes.push(last);
    }

    const steps = outcomes.map((outcome) => ('error' in outcome ? outcome.error : (outcome.connection ?? 'kept')));
    // Drained: each response closes its connection; settled: the connection is kept, and used again; stopping:
    // the response that comes closes it, and the listener refuses the next connection.
    expect(steps.join(' ')).toMatch(/^(close )+(keep-alive )+close ECONNREFUSED$/);
    // The kept connection carries every response from the first it kept to the one that closed it.
    const answers = outcomes.slice(0, -1).map(answered);
    const kept = answers.slice(answers.findIndex((answer) => answer.connection === 'keep-alive'));
    expect(new Set(kept.map(({ socket }) => socket)).size).toBe(1);
    expect(await closing).toBe('drained');
  });

  it('serves new connections past the quiet while clients keep opening them, up to SETTLE_LIMIT_MS, then stops, drained', async () => {
    const drainMs = 100;
    const started = performance.now();
    const closing = each.served.running.close(2_500, drainMs);
    const firstFailures: number[] = [];
    // Each client opens a new connection for each request, until one fails: the settle never gets its quiet.
    const client = async () => {
      while (!('error' in (await get(false, each.served.port))));
      firstFailures.push(performance.now() - started);
    };
    await Promise.all([client(), client()]);

    // Timers never fire early; a millisecond is left for their rounding.
    expect(Math.min(...firstFailures)).toBeGreaterThanOrEqual(drainMs + SETTLE_LIMIT_MS - 1);
    expect(await closing).toBe('drained');
  });
});
