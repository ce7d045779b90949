import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainLinesOnStderr } from '../../../adapters/cli/plain-log-lines.js';

describe("a library's log lines in the command line's words", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes each JSON line as its message alone, after petstore:, on stderr', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    plainLinesOnStderr.write('{"level":40,"msg":"tracing: the exporter failed","time":1}');
    expect(written).toEqual(['petstore: tracing: the exporter failed\n']);
  });
});
