/**
 * A log's lines in the command line's own words: each line's message alone, as a plain `petstore: ` line on
 * stderr, as its other messages are. For what a command logs through a library's logger (tracing's troubles).
 */
export const plainLinesOnStderr = {
  write: (line: string) => {
    process.stderr.write(`petstore: ${(JSON.parse(line) as { msg: string }).msg}\n`);
  },
};
