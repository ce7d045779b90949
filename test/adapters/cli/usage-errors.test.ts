import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../adapters/cli/run-cli.js';
import { explainUsageErrors, UsageError } from '../../../adapters/cli/usage-errors.js';
import { cliOver } from '../../support/cli-in-process.js';

/** What `petstore ...args` writes on stderr, refused as a usage error. */
async function refusal(...args: string[]): Promise<string> {
  const { code, out, err } = await cliOver()(...args);
  expect({ args, code, out }).toEqual({ args, code: EXIT.usage, out: '' });
  return err;
}

describe('a malformed command line, refused in one line', () => {
  it('suggests the full path of a sub-command named without its group, or misspelled', async () => {
    expect(await refusal('list')).toBe(
      "petstore: unknown command 'list' (did you mean pets list?); for usage, see petstore --help\n",
    );
    expect(await refusal('lst')).toBe(
      "petstore: unknown command 'lst' (did you mean pets list?); for usage, see petstore --help\n",
    );
    expect(await refusal('new', '--json')).toBe(
      "petstore: unknown command 'new' (did you mean keys new?); for usage, see petstore --help\n",
    );
    // 'get' is two edits from 'pets' and none from 'pets get'.
    expect(await refusal('get', '1')).toMatch(/^petstore: unknown command 'get' \(did you mean pets get\?\);/);
  });

  it('names an unknown command even when it is empty', async () => {
    expect(await refusal('')).toBe("petstore: unknown command ''; for usage, see petstore --help\n");
  });

  it('suggests a command at its own level before one below it', async () => {
    expect(await refusal('srve')).toMatch(/\(did you mean serve\?\)/);
    // There is a help under pets and under keys too: the one at hand is meant.
    expect(await refusal('hlp')).toMatch(/\(did you mean help\?\)/);
    expect(await refusal('pets', 'xport')).toBe(
      "petstore: unknown command 'xport' (did you mean export?); for usage, see petstore pets --help\n",
    );
  });

  it("suggests an option the command takes, its own or its parents'", async () => {
    expect(await refusal('pets', 'list', '--limt', '5')).toBe(
      "petstore: unknown option '--limt' (did you mean --limit?); for usage, see petstore pets list --help\n",
    );
    expect(await refusal('pets', 'list', '--debgu')).toMatch(
      /^petstore: unknown option '--debgu' \(did you mean --debug\?\);/,
    );
    // Flags are compared without their dashes, as Commander compares them: 'jsn' is a slip from 'json'.
    expect(await refusal('pets', 'get', '1', '--jsn')).toMatch(
      /^petstore: unknown option '--jsn' \(did you mean --json\?\);/,
    );
    expect(await refusal('pets', '--frob', 'list')).toBe(
      "petstore: unknown option '--frob'; for usage, see petstore pets --help\n",
    );
  });

  it('compares an option typed with two dashes or one by its name, without them', async () => {
    // 'lmt' is two edits from 'limit'; with a dash left on, three in five, too far.
    expect(await refusal('pets', 'list', '--lmt')).toBe(
      "petstore: unknown option '--lmt' (did you mean --limit?); for usage, see petstore pets list --help\n",
    );
    expect(await refusal('pets', 'list', '-lmt')).toBe(
      "petstore: unknown option '-lmt' (did you mean --limit?); for usage, see petstore pets list --help\n",
    );
  });

  it('names the option left without its value, even when a global option follows it', async () => {
    expect(await refusal('pets', 'list', '--limit')).toBe(
      "petstore: option '--limit <n>' argument missing; for usage, see petstore pets list --help\n",
    );
    // --debug is the program's, so --limit is still the last word list was given; the stack trace follows the line.
    expect((await refusal('pets', 'list', '--after', '1', '--limit', '--debug')).split('\n')[0]).toBe(
      "petstore: option '--limit <n>' argument missing; for usage, see petstore pets list --help",
    );
  });

  it('names the choices an option takes, and the arguments a command does not', async () => {
    expect(await refusal('pets', 'import', 'pets.ndjson', '--mode', 'replace')).toBe(
      "petstore: --mode must be one of restore, merge (got 'replace'); for usage, see petstore pets import --help\n",
    );
    expect(await refusal('serve', 'now')).toBe(
      "petstore: too many arguments for 'serve'. Expected 0 arguments but got 1: now; for usage, see petstore serve --help\n",
    );
  });

  it('shows the help of a group given no command, on stderr, with exit 2', async () => {
    const { code, out, err } = await cliOver()('pets');
    expect({ code, out }).toEqual({ code: EXIT.usage, out: '' });
    expect(err).toMatch(/^Usage: petstore pets \[options\] \[command\]\n/);
    expect(err).not.toContain('petstore:');
  });
});

describe('explainUsageErrors', () => {
  const parsing = (command: Command, ...args: string[]) => {
    explainUsageErrors(command, args);
    return () => command.parse(args, { from: 'user' });
  };
  const noAction = () => undefined;

  it('names the first required argument not given, past those given and those optional', () => {
    const copy = new Command('copy').argument('<from>').argument('<to>').action(noAction);
    expect(parsing(copy, 'a.txt')).toThrow("missing required argument 'to'; for usage, see copy --help");
    const touch = new Command('touch').argument('[mode]').argument('<file>').action(noAction);
    expect(parsing(touch)).toThrow("missing required argument 'file'; for usage, see touch --help");
  });

  it('names the option left without its value, not an option of the same name that a parent took after it', () => {
    const tool = new Command('tool').option('--verbose');
    tool.command('run').option('--times <n>').option('--verbose').action(noAction);
    expect(parsing(tool, 'run', '--times', '--verbose')).toThrow(
      "option '--times <n>' argument missing; for usage, see tool run --help",
    );
  });

  it('suggests only options with a long name', () => {
    const tool = new Command('tool').option('-x').action(noAction);
    expect(parsing(tool, '--x')).toThrow(/^unknown option '--x'; for usage, see tool --help$/);
  });

  it("refuses in one line, in Commander's own words, an error it has no wording for", () => {
    const tool = new Command('tool').addOption(new Option('--red').conflicts('blue')).option('--blue');
    const parse = parsing(tool, '--red', '--blue');
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(/--red.*; for usage, see tool --help$/);
  });

  it('lets an error a value parser throws, other than a refusal, through as it is', () => {
    const broken = new Error('parser bug');
    const tool = new Command('tool').option('--n <n>', 'a number', () => {
      throw broken;
    });
    expect(parsing(tool, '--n', '1')).toThrow(broken);
  });
});
