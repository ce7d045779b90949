// Another process holding SQLite's write lock (an operator's sqlite3 session, a long write elsewhere)
// while the service takes traffic at a steady rate: everything that needs no write lock answers at
// once, and creates wait for it off the event loop, within their bound.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../core/pet.js';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../adapters/persistence/sqlite/sqlite-options.js';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';
import { sqliteFolder } from '../support/sqlite.js';

const KEY = 'lock-key';
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };

interface Answer {
  readonly kind: 'healthz' | 'readyz' | 'get' | 'list' | 'create';
  readonly status: number;
  readonly ms: number;
  readonly name?: string;
}

/** A second process that takes the write lock (BEGIN IMMEDIATE) on `file`, holds it for `holdMs`, then commits. */
async function holdWriteLock(file: string, holdMs: number): Promise<{ released: Promise<unknown> }> {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      "const db = new (require('node:sqlite').DatabaseSync)(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('held'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.argv[2])); db.exec('COMMIT');",
      file,
      String(holdMs),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const released = once(holder, 'exit');
  await once(holder.stdout, 'data');
  return { released };
}

describe('the service on SQLite while another process holds the write lock', () => {
  let folder: ReturnType<typeof sqliteFolder>;
  let service: ServiceProcess | undefined;
  let control: ServiceProcess | undefined;
  beforeEach(() => {
    folder = sqliteFolder();
  });
  afterEach(async () => {
    await killIfRunning(service);
    await killIfRunning(control);
    folder.remove();
  });

  /**
   * Steady traffic from before the hold until a second after it: `/healthz`, a get and a list every
   * 100 ms, a create every 300 ms, `/readyz` every second; each request's time from its send. The
   * same reads and probes go at the same moments to a control, the service on memory storage: what
   * they take on this machine, as loaded as it is then, with no lock to wait for.
   */
  async function trafficThroughHold(
    holdMs: number,
  ): Promise<{ control: Answer[]; during: Answer[]; creates: Answer[]; stored: Pet[] }> {
    control = startService({ API_KEYS: KEY, LOG_LEVEL: 'info', RATE_LIMIT: '0', SHUTDOWN_GRACE: '0s' });
    service = startService({
      STORAGE: 'sqlite',
      SQLITE_PATH: folder.path(),
      API_KEYS: KEY,
      LOG_LEVEL: 'info',
      RATE_LIMIT: '0',
      SHUTDOWN_GRACE: '0s',
    });
    const base = `http://127.0.0.1:${String((await service.waitForLog('petstore listening')).port)}`;
    const controlBase = `http://127.0.0.1:${String((await control.waitForLog('petstore listening')).port)}`;
    for (const seeded of [base, controlBase]) {
      expect(
        (await fetch(`${seeded}/v1/pets`, { method: 'POST', headers, body: '{"name":"Seed","categoryId":1}' })).status,
      ).toBe(201);
    }

    const answers: Promise<Answer>[] = [];
    const controlAnswers: Promise<Answer>[] = [];
    const send = (kind: Answer['kind'], path: string, init: RequestInit = {}, name?: string, to = base) => {
      const started = performance.now();
      (to === base ? answers : controlAnswers).push(
        fetch(`${to}${path}`, { headers, ...init }).then(async (response) => {
          await response.arrayBuffer();
          return {
            kind,
            status: response.status,
            ms: performance.now() - started,
            ...(name === undefined ? {} : { name }),
          };
        }),
      );
    };
    let tick = 0;
    const traffic = setInterval(() => {
      tick += 1;
      send('healthz', '/healthz');
      send('get', '/v1/pets/1');
      send('list', '/v1/pets?limit=20');
      send('healthz', '/healthz', {}, undefined, controlBase);
      send('get', '/v1/pets/1', {}, undefined, controlBase);
      send('list', '/v1/pets?limit=20', {}, undefined, controlBase);
      if (tick % 10 === 0) send('readyz', '/readyz');
      if (tick % 3 === 0)
        send(
          'create',
          '/v1/pets',
          { method: 'POST', body: JSON.stringify({ name: `Pet ${String(tick)}`, categoryId: 1 }) },
          `Pet ${String(tick)}`,
        );
    }, 100);
    try {
      const { released } = await holdWriteLock(folder.path(), holdMs);
      const [heldFrom, controlFrom] = [answers.length, controlAnswers.length];
      await released;
      const during = answers.slice(heldFrom);
      const controlDuring = controlAnswers.slice(controlFrom);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      clearInterval(traffic);
      const settled = await Promise.all(answers);
      const stored = (await (await fetch(`${base}/v1/pets?limit=100`, { headers })).json()) as Pet[];
      return {
        control: await Promise.all(controlDuring),
        during: await Promise.all(during),
        creates: settled.filter((answer) => answer.kind === 'create'),
        stored,
      };
    } finally {
      clearInterval(traffic);
    }
  }

  /**
   * Reads and probes never wait for the lock: a frozen event loop makes them wait as long as the hold,
   * seconds. Each answers within a second, or, on a machine so loaded meanwhile that the control
   * itself is slower, within three times the control's worst: a margin that load does not break (a
   * busy two-core machine was seen to slow both to some 200 ms), far below the hold it tells apart.
   */
  function expectPromptWithoutTheLock(controlAnswers: Answer[], during: Answer[], holdMs: number): void {
    const controlWorst = Math.max(...controlAnswers.map((answer) => answer.ms));
    expect(controlAnswers.length).toBeGreaterThan(10);
    const limit = Math.max(1_000, 3 * controlWorst);
    console.log(
      `control worst ${controlWorst.toFixed(1)} ms; limit ${limit.toFixed(0)} ms` +
        (limit < holdMs
          ? ''
          : ` (the machine is too loaded for the limit to tell a frozen loop from the ${holdMs} ms hold)`),
    );
    for (const kind of ['healthz', 'get', 'list', 'readyz'] as const) {
      const times = during.filter((answer) => answer.kind === kind).map((answer) => answer.ms);
      console.log(
        `${kind} during the hold: ${String(times.length)} requests, worst ${Math.max(...times).toFixed(1)} ms`,
      );
      expect(times.length, kind).toBeGreaterThan(kind === 'readyz' ? 1 : 10);
      expect({ kind, worst: Math.max(...times) < limit }).toEqual({ kind, worst: true });
    }
    expect(during.filter((answer) => answer.kind !== 'create' && answer.status !== 200)).toEqual([]);
  }

  it('answers reads and probes at once through a 3 s hold, and creates once the lock is free, every one', async () => {
    const { control: controlAnswers, during, creates, stored } = await trafficThroughHold(3_000);
    expectPromptWithoutTheLock(controlAnswers, during, 3_000);
    expect(creates.map((answer) => answer.status).filter((status) => status !== 201)).toEqual([]);
    expect(stored.map((pet) => pet.name)).toEqual(['Seed', ...creates.map((answer) => answer.name)]);
  }, 30_000);

  it('answers creates that waited past the bound with 503, never 500, and stores exactly the pets it answered 201 for', async () => {
    const {
      control: controlAnswers,
      during,
      creates,
      stored,
    } = await trafficThroughHold(SQLITE_BUSY_TIMEOUT_MS + 1_500);
    expectPromptWithoutTheLock(controlAnswers, during, SQLITE_BUSY_TIMEOUT_MS + 1_500);
    const refused = creates.filter((answer) => answer.status === 503);
    console.log(
      `creates: ${String(creates.length - refused.length)} answered 201, ${String(refused.length)} answered 503 after ${refused.map((answer) => Math.round(answer.ms)).join(', ')} ms`,
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(creates.filter((answer) => answer.status !== 201 && answer.status !== 503)).toEqual([]);
    for (const answer of refused) expect(answer.ms).toBeGreaterThanOrEqual(SQLITE_BUSY_TIMEOUT_MS - 50);
    const created = creates.filter((answer) => answer.status === 201).map((answer) => answer.name);
    expect(created.length).toBeGreaterThan(0);
    expect(stored.map((pet) => pet.name)).toEqual(['Seed', ...created]);
  }, 40_000);
});
