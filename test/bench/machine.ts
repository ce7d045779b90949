import { cpus, totalmem } from 'node:os';

/** What the numbers were measured on; results are only comparable on the same machine. */
export function describeMachine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}
