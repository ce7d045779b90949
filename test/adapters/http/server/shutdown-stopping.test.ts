import { once } from 'node:events';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answered, get, servedPerTest, tryToConnect } from './served-app.js';

const each = servedPerTest();

describe('a shutdown without a grace (Ctrl-C): the stopping', () => {
  it('stops accepting at once: a connection tried as close() begins is refused, and close resolves drained', async () => {
    const closing = each.served.running.close(1_000);
    // The listener closes as close() begins, before anything the event loop would run next.
    await Promise.resolve();
    expect(await tryToConnect(each.served.port)).toBe('ECONNREFUSED');
    expect(await closing).toBe('drained');
  });

  it('answers a request that comes on a kept-alive connection after the listener has closed, then closes that connection', async () => {
    const before = answered(await get(each.agent, each.served.port));
    expect(before.connection).toBe('keep-alive');

    const closing = each.served.running.close(2_500);
    expect(await tryToConnect(each.served.port)).toBe('ECONNREFUSED');
    const after = answered(await get(each.agent, each.served.port));

    expect(after).toMatchObject({ status: 200, connection: 'close' });
    expect(after.socket).toBe(before.socket);
    expect(await closing).toBe('drained');
  });

  it('lets a response in flight finish, then closes its kept-alive connection; closes a kept-alive connection left idle; drained', async () => {
    const idleAgent = new Agent({ keepAlive: true });
    try {
      const idle = answered(await get(idleAgent, each.served.port));
      const idleClosed = new Promise((resolve) => idle.socket.once('close', resolve));
      // The response's head is out before the stopping: it cannot say Connection: close, and its connection stays open after it.
      const streamed = get(each.agent, each.served.port, '/streamed');
      await each.served.arrived;

      const closing = each.served.running.close(2_500);
      // Left idle long enough for a request on its way to arrive (FIRST_REQUEST_WAIT_MS), it is closed.
      await idleClosed;
      each.served.release();

      const answer = answered(await streamed);
      expect(answer).toMatchObject({ status: 200, body: 'begun and ended' });
      expect(answer.connection).toBe('keep-alive');
      // Drained, not forced at the limit: both connections were closed as soon as they were done.
      expect(await closing).toBe('drained');
    } finally {
      idleAgent.destroy();
    }
  });

  it('closes a connection that never sent a request once one has had time to arrive, and resolves drained', async () => {
    // A client or a load balancer that opens connections ahead of its requests (a preconnect).
    const preconnected = connect(each.served.port, '127.0.0.1');
    await once(preconnected, 'connect');
    const closedByServer = once(preconnected, 'close');
    const started = performance.now();
    expect(await each.served.running.close(5_000)).toBe('drained');
    await closedByServer;
    // FIRST_REQUEST_WAIT_MS, far inside the limit.
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it('forces shut, at limitMs, a request still in flight, and resolves forced', async () => {
    const held = get(each.agent, each.served.port, '/held');
    await each.served.arrived;

    expect(await each.served.running.close(300)).toBe('forced');
    expect(await held).toHaveProperty('error');
  });
});
