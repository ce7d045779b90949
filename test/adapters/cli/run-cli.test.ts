import { ConfigError } from '../../../adapters/settings/config-error.js';
import { describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../core/errors.js';
import { startupFailure } from '../../../adapters/cli/commands/serve.js';
import { EXIT, runCli } from '../../../adapters/cli/run-cli.js';
import { inertProgram } from '../../../scripts/command-list.js';
import { cliOver, everyCommand, interruptsFrom, NO_SERVICE, useCasesOver } from '../../support/cli-in-process.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';

describe('runCli, over one in-memory catalogue', () => {
  it('adds, lists and gets pets: a round trip within one process', async () => {
    const petstore = cliOver();
    expect(await petstore('pets', 'add', '--name', 'Rex', '--category-id', '3', '--status', 'sold', '--json')).toEqual({
      code: EXIT.ok,
      out: '{"id":1,"name":"Rex","categoryId":3,"status":"sold"}\n',
      err: '',
    });
    expect((await petstore('pets', 'add', '--name', 'Tom', '--category-id', '-7')).out).toBe(
      'ID  NAME  CATEGORY  STATUS\n 2  Tom         -7  -\n',
    );
    expect(await petstore('pets', 'list')).toEqual({
      code: EXIT.ok,
      out: ['ID  NAME  CATEGORY  STATUS', ' 1  Rex          3  sold', ' 2  Tom         -7  -', ''].join('\n'),
      err: '',
    });
    expect((await petstore('pets', 'list', '--json')).out).toBe(
      '{"id":1,"name":"Rex","categoryId":3,"status":"sold"}\n{"id":2,"name":"Tom","categoryId":-7}\n',
    );
    expect((await petstore('pets', 'list', '--status', 'sold', '--json')).out).toBe(
      '{"id":1,"name":"Rex","categoryId":3,"status":"sold"}\n',
    );
    expect((await petstore('pets', 'get', '2', '--json')).out).toBe('{"id":2,"name":"Tom","categoryId":-7}\n');
    expect((await petstore('pets', 'get', '1')).out).toBe('ID  NAME  CATEGORY  STATUS\n 1  Rex          3  sold\n');
  });

  it('pages with --limit and --after, and says on stderr where the next page starts', async () => {
    const petstore = cliOver();
    for (const name of ['A', 'B', 'C']) await petstore('pets', 'add', '--name', name, '--category-id', '1');
    const first = await petstore('pets', 'list', '--limit', '2');
    expect(
      first.out
        .split('\n')
        .slice(1, 3)
        .map((row) => row.trim().split(/\s+/)[0]),
    ).toEqual(['1', '2']);
    expect(first.err).toBe('more pets follow: add --after 2\n');
    // With --json, stdout holds pets only and stderr stays quiet: a pipe gets the page, nothing else.
    expect(await petstore('pets', 'list', '--limit', '1', '--json')).toEqual({
      code: EXIT.ok,
      out: '{"id":1,"name":"A","categoryId":1}\n',
      err: '',
    });
    const last = await petstore('pets', 'list', '--limit', '2', '--after', '2', '--json');
    expect(last).toEqual({ code: EXIT.ok, out: '{"id":3,"name":"C","categoryId":1}\n', err: '' });
  });

  it("refuses what breaks a core rule with exit 2, in the core's words under the option's name", async () => {
    const petstore = cliOver();
    expect(await petstore('pets', 'list', '--limit', '0')).toEqual({
      code: EXIT.usage,
      out: '',
      err: 'petstore: --limit must be an integer from 1 to 100\n',
    });
    expect((await petstore('pets', 'list', '--after', '-1')).err).toBe(
      'petstore: --after must be a pet id to continue after: an integer from 0 to 9007199254740991\n',
    );
    expect((await petstore('pets', 'add', '--name', ' ', '--category-id', '1')).err).toMatch(/^petstore: --name must /);
    expect((await petstore('pets', 'add', '--name', 'Rex', '--category-id', '9007199254740993')).err).toMatch(
      /^petstore: --category-id must be an integer/,
    );
    expect((await petstore('pets', 'list')).out).toBe('ID  NAME  CATEGORY  STATUS\n');
  });

  it('refuses a malformed command line with exit 2 and one line saying what is wrong and whose help to read, before anything is done', async () => {
    const petstore = cliOver();
    const refusals: [string[], string][] = [
      [['frob'], "unknown command 'frob'; for usage, see petstore --help"],
      [['pets', 'lst'], "unknown command 'lst' (did you mean list?); for usage, see petstore pets --help"],
      [['pets', 'list', '--frob'], "unknown option '--frob'; for usage, see petstore pets list --help"],
      [
        ['pets', 'list', '--limit', '1.5'],
        "--limit must be a whole number in decimal digits (got '1.5'); for usage, see petstore pets list --help",
      ],
      [
        ['pets', 'list', '--status', 'lost'],
        "--status must be one of available, pending, sold (got 'lost'); for usage, see petstore pets list --help",
      ],
      [
        ['pets', 'add', '--name', 'Rex'],
        "required option '--category-id <id>' not specified; for usage, see petstore pets add --help",
      ],
      [['pets', 'get'], "missing required argument 'id'; for usage, see petstore pets get --help"],
      [
        ['pets', 'get', 'x'],
        "<id> must be a whole number in decimal digits (got 'x'); for usage, see petstore pets get --help",
      ],
      [
        ['pets', 'get', '1', '2'],
        "too many arguments for 'get'. Expected 1 argument but got 2: 1, 2; for usage, see petstore pets get --help",
      ],
    ];
    for (const [args, message] of refusals) {
      expect({ args, ...(await petstore(...args)) }).toEqual({
        args,
        code: EXIT.usage,
        out: '',
        err: `petstore: ${message}\n`,
      });
    }
    expect((await petstore('pets', 'list')).out).toBe('ID  NAME  CATEGORY  STATUS\n');
  });

  it.each(
    everyCommand()
      .map((command) => [...command, '--help'])
      .map((args) => [args.join(' '), args] as const),
  )('answers `petstore %s` with exit 0 and the help of that command, as its users read it', async (_, args) => {
    const { code, out, err } = await cliOver()(...args);
    expect({ code, err }).toEqual({ code: EXIT.ok, err: '' });
    // The help is part of the interface: a change to it shows up here, for review.
    expect(out).toMatchSnapshot();
  });

  it('fails with exit 1 and one line when the pet is not there or storage is out of reach; --debug adds the stack', async () => {
    expect(await cliOver()('pets', 'get', '5')).toEqual({
      code: EXIT.failure,
      out: '',
      err: 'petstore: No pet has id 5\n',
    });
    const down = Object.assign(new InMemoryPetRepository(), {
      list: () => Promise.reject(new StorageUnavailable({ cause: new Error('mongodb://user:secret@db') })),
    });
    const quiet = await cliOver(down)('pets', 'list');
    expect(quiet).toEqual({
      code: EXIT.failure,
      out: '',
      err: 'petstore: storage is not reachable; check STORAGE and its settings (SQLITE_PATH, MONGODB_URI), and that the database is up\n',
    });
    const verbose = await cliOver(down)('--debug', 'pets', 'list');
    expect(verbose.err.split('\n')[1]).toMatch(/^StorageUnavailable: Storage is unavailable/);
    expect(verbose.err).not.toContain('secret');
  });

  it('writes only the line, even with --debug, for an error that carries no stack trace', async () => {
    const traceless = Object.assign(new InMemoryPetRepository(), {
      list: () => Promise.reject(Object.assign(new Error('the disk is full'), { stack: undefined })),
    });
    expect(await cliOver(traceless)('--debug', 'pets', 'list')).toEqual({
      code: EXIT.failure,
      out: '',
      err: 'petstore: the disk is full\n',
    });
  });

  it('names the field itself when the core reports one the command line has no option for', async () => {
    const { RuleViolation } = await import('../../../core/errors.js');
    class Odd extends RuleViolation {
      readonly code = 'invalid_pet';
    }
    const odd = Object.assign(new InMemoryPetRepository(), {
      list: () => Promise.reject(new Odd('colour', 'must be a colour')),
    });
    expect(await cliOver(odd)('pets', 'list')).toEqual({
      code: EXIT.usage,
      out: '',
      err: 'petstore: colour: must be a colour\n',
    });
    const worded = Object.assign(new InMemoryPetRepository(), {
      list: () => Promise.reject(new Odd('status', 'no such status')),
    });
    expect((await cliOver(worded)('pets', 'list')).err).toBe('petstore: --status: no such status\n');
  });

  it('reports anything else that goes wrong with exit 1, whatever was thrown', async () => {
    const broken = Object.assign(new InMemoryPetRepository(), {
      list: () => Promise.reject(new Error('disk on fire')),
    });
    expect(await cliOver(broken)('pets', 'list')).toEqual({
      code: EXIT.failure,
      out: '',
      err: 'petstore: disk on fire\n',
    });
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a careless dependency might do
    const odd = Object.assign(new InMemoryPetRepository(), { list: () => Promise.reject('a bare string') });
    expect(await cliOver(odd)('pets', 'list')).toEqual({
      code: EXIT.failure,
      out: '',
      err: 'petstore: a bare string\n',
    });
  });

  it("wraps help at the terminal's width, on stdout and on stderr", async () => {
    const narrow = async (...args: string[]) => {
      let text = '';
      const write = (more: string) => (text += more);
      await runCli(
        args,
        {
          useCase: () => Promise.reject(new Error('unused')),
          newApiKey: () => ({ key: '', digest: '' }),
          watchInterrupts: interruptsFrom(),
          ...NO_SERVICE,
        },
        { out: write, err: write, pipe: () => Promise.resolve(), columns: 70 },
      );
      return text.split('\n');
    };
    for (const lines of [await narrow('pets', 'import', '--help'), await narrow('pets')]) {
      expect(lines.length).toBeGreaterThan(10);
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(70);
    }
  });

  it("wraps a command group's help at 70 columns even beside a long command, two arguments and all", () => {
    let text = '';
    const program = inertProgram({
      out: (written) => (text += written),
      err: (written) => (text += written),
      pipe: () => Promise.resolve(),
      columns: 70,
    });
    const pets = program.commands.find((command) => command.name() === 'pets')!;
    pets.command('recolour <id> <colour>').option('--json').description('x '.repeat(60));
    pets.outputHelp();
    expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(70);
  });

  it('prints a new key and its digest, in words or as JSON', async () => {
    const petstore = cliOver();
    expect((await petstore('keys', 'new', '--json')).out).toBe('{"key":"the-key","digest":"the-digest"}\n');
    expect((await petstore('keys', 'new')).out).toBe(
      'API key (shown once; give it to the client): the-key\nSHA-256 digest (for API_KEY_DIGESTS):         the-digest\n',
    );
  });

  it('asks for the use case it runs by its name: the host opens storage read-only for one that only reads', async () => {
    const useCases = useCasesOver(new InMemoryPetRepository());
    const useCasesAskedBy = async (...args: string[]) => {
      const asked: string[] = [];
      await runCli(
        args,
        {
          ...NO_SERVICE,
          useCase: (name) => {
            asked.push(name);
            return Promise.resolve(useCases[name]);
          },
          newApiKey: () => ({ key: '', digest: '' }),
          watchInterrupts: interruptsFrom(),
        },
        { out: () => undefined, err: () => undefined, pipe: () => Promise.resolve() },
      );
      return asked;
    };
    expect(await useCasesAskedBy('pets', 'get', '1')).toEqual(['getPet']);
    expect(await useCasesAskedBy('pets', 'add', '--name', 'Rex', '--category-id', '1')).toEqual(['createPet']);
    expect(await useCasesAskedBy('keys', 'new')).toEqual([]);
  });

  describe('serve', () => {
    const petstoreServing =
      (run: () => Promise<number>) =>
      async (...args: string[]) => {
        let out = '';
        const code = await runCli(
          args,
          {
            ...NO_SERVICE,
            useCase: () => Promise.reject(new Error('unused')),
            newApiKey: () => ({ key: '', digest: '' }),
            watchInterrupts: interruptsFrom(),
            service: { run, settings: () => [{ name: 'EVERY_SETTING', fallback: '1', meaning: 'what it does' }] },
          },
          { out: (text) => (out += text), err: (text) => (out += text), pipe: () => Promise.resolve(), columns: 72 },
        );
        return { code, out };
      };

    it("ends with the service's own exit code: 0 drained, 124 requests cut", async () => {
      expect(await petstoreServing(() => Promise.resolve(0))('serve')).toEqual({ code: 0, out: '' });
      expect(await petstoreServing(() => Promise.resolve(124))('serve')).toEqual({ code: 124, out: '' });
    });

    it('reports a start-up that fails in one line, exit 1', async () => {
      expect(await petstoreServing(() => Promise.reject(new Error('the storage said no')))('serve')).toEqual({
        code: EXIT.failure,
        out: 'petstore: failed to start: the storage said no\n',
      });
    });

    it('keeps why start-up failed as the cause, and names the failure in a --debug trace', async () => {
      const refused = new Error('the storage said no');
      expect(startupFailure(refused)).toMatchObject({ name: 'StartupFailure', cause: refused });
      const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 80 });
      expect(startupFailure(inUse).cause).toBe(inUse);
      const { out } = await petstoreServing(() => Promise.reject(refused))('serve', '--debug');
      expect(out).toContain('\nStartupFailure: failed to start: the storage said no\n');
    });

    it('words a bad setting as a configuration error, and a port in use with the settings that move it', async () => {
      expect(await petstoreServing(() => Promise.reject(new ConfigError('PORT must be a number')))('serve')).toEqual({
        code: EXIT.failure,
        out: 'petstore: configuration error: PORT must be a number\n',
      });
      const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 8080 });
      expect(await petstoreServing(() => Promise.reject(inUse))('serve')).toEqual({
        code: EXIT.failure,
        out:
          'petstore: failed to start: port 8080 is already in use; choose another with PORT (or METRICS_PORT, ' +
          'for /metrics on a port of its own)\n',
      });
    });

    it('lists the settings under its help, at the width of the terminal, without starting', async () => {
      let started = false;
      const { code, out } = await petstoreServing(() => {
        started = true;
        return Promise.resolve(0);
      })('serve', '--help');
      expect(code).toBe(EXIT.ok);
      expect(out).toMatch(/^Usage: petstore serve/);
      expect(out).toContain('\n  EVERY_SETTING (default 1)\n    what it does\n');
      expect(out.endsWith('specification says.\n')).toBe(true);
      // Wrapped at the terminal's 72 columns.
      expect(out.split('\n').filter((line) => line.length > 72)).toEqual([]);
      expect(out.split('\n').some((line) => line.length > 60)).toBe(true);
      expect(started).toBe(false);
    });

    it('refuses arguments it does not take', async () => {
      expect((await petstoreServing(() => Promise.resolve(0))('serve', '--port', '80')).code).toBe(EXIT.usage);
    });
  });

  it('prints its version with --version, exit 0', async () => {
    expect(await cliOver()('--version')).toEqual({ code: EXIT.ok, out: '0.0.0-test\n', err: '' });
  });
});
