import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';
import { REDIS_SERVER, startRedis, type RedisServer } from '../support/redis-server.js';
import { reportSkipped } from '../support/system-program.js';

const KEY = 'fleet-key';
const INSTANCES = 3;

reportSkipped('The shared rate limit tests', REDIS_SERVER);

interface Answer {
  readonly instance: number;
  readonly status: number | 'error';
  /** The `r` of its RateLimit header: what the budget has left. */
  readonly remaining: number | undefined;
  readonly at: number;
}

/** `requests` GETs with one key, from `clients` clients at full speed, each taking the next instance in turn. */
async function sendAtFullSpeed(
  ports: readonly number[],
  { requests, clients, until }: { requests: number; clients: number; until?: () => boolean },
): Promise<Answer[]> {
  const answers: Answer[] = [];
  let sent = 0;
  const client = async () => {
    while (sent < requests && !(until?.() ?? false)) {
      const instance = sent % ports.length;
      sent += 1;
      try {
        const response = await fetch(`http://127.0.0.1:${ports[instance]}/v1/pets?limit=1`, {
          headers: { Authorization: `Bearer ${KEY}` },
        });
        await response.arrayBuffer();
        const remaining = /;r=(\d+);/.exec(response.headers.get('ratelimit') ?? '')?.[1];
        answers.push({
          instance,
          status: response.status,
          remaining: remaining === undefined ? undefined : Number(remaining),
          at: Date.now(),
        });
      } catch {
        answers.push({ instance, status: 'error', remaining: undefined, at: Date.now() });
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return answers;
}

describe.skipIf(!('path' in REDIS_SERVER))('instances sharing a rate limit through Redis', () => {
  let redis: RedisServer;
  let fleet: ServiceProcess[] = [];

  const startFleet = async (settings: Record<string, string>): Promise<number[]> => {
    fleet = Array.from({ length: INSTANCES }, () =>
      startService({ API_KEYS: KEY, RATE_LIMIT_STORE: redis.url, ...settings }),
    );
    return Promise.all(fleet.map(async (service) => (await service.waitForLog('petstore listening')).port as number));
  };

  beforeAll(async () => {
    redis = await startRedis();
  }, 15_000);
  afterEach(async () => {
    await Promise.all(fleet.map(killIfRunning));
    fleet = [];
    await redis.flush();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('admit one budget between them: 900 requests at full speed, 300 admitted, each told what the fleet has left', async () => {
    const ports = await startFleet({ RATE_LIMIT: '300', RATE_LIMIT_WINDOW: '1h' });
    const answers = await sendAtFullSpeed(ports, { requests: 900, clients: 30 });

    expect(answers).toHaveLength(900);
    const admitted = answers.filter(({ status }) => status === 200);
    const refused = answers.filter(({ status }) => status === 429);
    expect(admitted.length + refused.length).toBe(900);
    // A token comes back every 12 s: the run, far shorter, may see one more at most.
    expect(admitted.length).toBeGreaterThanOrEqual(300);
    expect(admitted.length).toBeLessThanOrEqual(303);
    expect(new Set(admitted.map(({ instance }) => instance)).size).toBe(INSTANCES);
    // Each admitted answer says what the shared budget had left after it: every count from 299 down to 0, once.
    const remaining = new Set(admitted.map(({ remaining: left }) => left));
    expect([...Array(300).keys()].filter((left) => !remaining.has(left))).toEqual([]);
    expect(refused.every(({ remaining: left }) => left === 0)).toBe(true);
    for (const service of fleet)
      expect(service.logLines().filter(({ msg }) => String(msg).includes('did not answer'))).toEqual([]);
    process.stdout.write(
      `\nshared rate limit, 3 instances, RATE_LIMIT=300 an hour: ${admitted.length} of 900 admitted, ` +
        `${refused.length} refused with 429\n`,
    );
  }, 30_000);

  it('keep answering while Redis is frozen, each on its own, and share again once it resumes', async () => {
    const ports = await startFleet({ RATE_LIMIT: '1000000', RATE_LIMIT_WINDOW: '30d' });
    const started = Date.now();
    let frozenAt = 0;
    let thawedAt = 0;
    const load = sendAtFullSpeed(ports, { requests: Infinity, clients: 12, until: () => Date.now() - started > 9_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    redis.freeze();
    frozenAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    redis.thaw();
    thawedAt = Date.now();
    const answers = await load;

    const during = answers.filter(({ at }) => at > frozenAt + 500 && at < thawedAt);
    const after = answers.filter(({ at }) => at > thawedAt + 1_500);
    const byStatus = new Map<string, number>();
    for (const { status } of answers) byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: answers.length });
    expect(during.length).toBeGreaterThan(100);
    expect(after.length).toBeGreaterThan(100);
    for (const service of fleet) {
      const messages = service.logLines().map(({ msg }) => String(msg));
      expect(messages.filter((msg) => msg.includes('did not answer'))).toHaveLength(1);
      expect(messages.filter((msg) => msg.includes('answers again'))).toHaveLength(1);
    }
    for (const port of ports) {
      const exposition = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(exposition).toMatch(/^petstore_rate_limit_store_fallbacks_total 1$/m);
      expect(exposition).toMatch(/^petstore_rate_limit_store_fallen_back 0$/m);
    }
    // Once back, the instances draw on one budget again: no two answers are told the same count.
    const told = after.map(({ remaining }) => remaining);
    expect(new Set(told).size).toBe(told.length);
    process.stdout.write(
      `\nshared rate limit, Redis frozen 5 s: ${answers.length} requests, ${during.length} answered while frozen, ` +
        `${after.length} after it resumed, none failed\n`,
    );
  }, 30_000);
});
