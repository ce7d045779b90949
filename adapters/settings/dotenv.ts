import { readFileSync } from 'node:fs';
// A namespace import: a Node too old for parseEnv reaches the version check instead of failing to link.
import * as util from 'node:util';
import { withoutEmptyVariables } from './environment.js';

/**
 * Reads `.env` from the working directory into the environment when there is one, with Node's own
 * parser; a variable the environment sets keeps its value, and one set empty, which counts as unset,
 * takes the file's. A file that exists but cannot be read stops the process with one line.
 */
export function loadDotEnv(path = '.env'): void {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') return;
    process.stderr.write(`petstore: cannot read ${path} in the working directory (${code ?? String(error)})\n`);
    process.exit(1);
  }
  const set = withoutEmptyVariables(process.env);
  for (const [name, value] of Object.entries(util.parseEnv(text))) {
    if (set[name] === undefined) process.env[name] = value;
  }
}
