/**
 * Reads `.env` from the working directory into the environment when there is one, with Node's own
 * parser; a variable already set in the environment keeps its value. A file that exists but cannot
 * be read stops the process with one line.
 */
export function loadDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') return;
    process.stderr.write(`petstore: cannot read ${path} in the working directory (${code ?? String(error)})\n`);
    process.exit(1);
  }
}
