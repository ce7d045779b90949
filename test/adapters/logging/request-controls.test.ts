// What a client writes in a request reaches the service's log lines with every control character escaped, in
// JSON and in the pretty format on a terminal: a terminal that honours C1 would act on U+009B as on ESC [.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from '../../support/raw-http.js';
import { killIfRunning, startService, watchProcess, type ServiceProcess } from '../../support/service-process.js';
import { ROOT } from '../../support/petstore-command.js';

const KEY = 'controls-key';
const bytes = (from: number, to: number) => Buffer.from(Array.from({ length: to - from + 1 }, (_, at) => from + at));
/** What Node's parser lets through in a header value: a tab, and every byte from 0x80 (C1 among them) as Latin-1. */
const USER_AGENT = Buffer.concat([Buffer.from('evil\t'), bytes(0x80, 0x9f), Buffer.from('\u009b31mRED', 'latin1')]);
// eslint-disable-next-line no-control-regex -- control characters are what a log must not hold
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

const request = (target: Buffer | string, userAgent: Buffer) =>
  Buffer.concat([
    Buffer.from(`GET `),
    Buffer.from(target),
    Buffer.from(` HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\nUser-Agent: `),
    userAgent,
    Buffer.from('\r\n\r\n'),
  ]);

/** Sends what a client may send with control characters in it: those the parser refuses, and those it lets in. */
async function sendControls(port: number): Promise<void> {
  // Every C0 control but the tab, and DEL, are refused by Node's parser, in a header as in the path.
  for (const control of [...bytes(0x00, 0x08), ...bytes(0x0a, 0x1f), 0x7f]) {
    expect((await sendRaw(port, request('/v1/pets', Buffer.from([0x61, control, 0x62]))))?.status).toBe(400);
    expect((await sendRaw(port, request(Buffer.from([0x2f, control]), Buffer.from('x'))))?.status).toBe(400);
  }
  expect(
    (await sendRaw(port, request(Buffer.concat([Buffer.from('/v1/'), bytes(0x80, 0x9f)]), USER_AGENT)))?.status,
  ).toBe(400);
  // What it lets in: the path percent-encoded, the user agent as sent.
  expect((await sendRaw(port, request('/v1/pets/%9B%1B', USER_AGENT)))?.status).toBe(404);
  expect((await sendRaw(port, request('/v1/pets', USER_AGENT)))?.status).toBe(200);
}

describe('control characters a client sends, in the log', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    await killIfRunning(service);
  });

  it('are escaped in JSON lines, which read back as the client sent them', async () => {
    service = startService({ API_KEYS: KEY, LOG_LEVEL: 'info' });
    const { port } = (await service.waitForLog('petstore listening')) as { port: number };
    await sendControls(port);
    await service.waitForOutput(/RED"/);
    const text = service.output();
    expect(
      text
        .trimEnd()
        .split('\n')
        .filter((line) => RAW_CONTROL.test(line)),
    ).toEqual([]);
    expect(text).toContain('"userAgent":"evil\\t\\u0080\\u0081');
    expect(text).toContain('\\u009f\\u009b31mRED"');
    const userAgents = service.logLines().flatMap((line) => (line.userAgent === undefined ? [] : [line.userAgent]));
    expect(userAgents.at(-1)).toBe(USER_AGENT.toString('latin1'));
  });

  it('are escaped in the pretty format on a terminal, where only its colours are control sequences', async () => {
    const command = [process.execPath, join(ROOT, 'dist/app/cli.js'), 'serve'].map((part) => `'${part}'`).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        TERM: 'xterm',
        PORT: '0',
        STORAGE: 'memory',
        API_KEYS: KEY,
        LOG_FORMAT: 'pretty',
      },
    });
    service = watchProcess(child);
    try {
      const listening = await service.waitForOutput(/petstore listening/);
      const port = Number(/"port":(\d+)/.exec(listening)?.[1]);
      await sendControls(port);
      await service.waitForOutput(/RED"/);
    } finally {
      // `script` and the service under it are one process group.
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    }
    // eslint-disable-next-line no-control-regex -- the colours are what is taken out
    const screen = service.output().replace(/\u001b\[[0-9;]*m/g, '');
    // eslint-disable-next-line no-control-regex -- a colour is ESC [ 3x m
    expect(service.output()).toMatch(/\u001b\[3\dm/);
    expect(screen.split(/\r?\n/).filter((line) => RAW_CONTROL.test(line))).toEqual([]);
    expect(screen).toMatch(/INFO: request \{.*"userAgent":"evil\\t\\u0080\\u0081.*\\u009f\\u009b31mRED"\}/);
  });
});
