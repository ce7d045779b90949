import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { watchInterrupts, type InterruptSignal } from '../../../adapters/cli/interrupted.js';

/** Signals the test sends by hand, and whether the command let go of them. */
function signals() {
  let listener: ((signal: InterruptSignal) => void) | undefined;
  let released = false;
  const onSignals = (received: (signal: InterruptSignal) => void) => {
    listener = received;
    return () => {
      released = true;
    };
  };
  return { onSignals, send: (signal: InterruptSignal) => listener?.(signal), released: () => released };
}

/** Makes stderr look like a terminal, or not, until the test ends. */
function stderrIsTerminal(isTTY: boolean): void {
  const own = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
  Object.defineProperty(process.stderr, 'isTTY', { value: isTTY, configurable: true });
  onTestFinished(() => {
    if (own === undefined) Reflect.deleteProperty(process.stderr, 'isTTY');
    else Object.defineProperty(process.stderr, 'isTTY', own);
  });
}

describe('interrupting a long command', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks the command to stop between steps on the first signal, naming it', () => {
    const { onSignals, send } = signals();
    const interrupts = watchInterrupts(onSignals);
    expect(interrupts.signal.aborted).toBe(false);
    send('SIGTERM');
    expect(interrupts.signal.aborted).toBe(true);
    expect(interrupts.signal.reason).toBe('SIGTERM');
  });

  it('hands the signals back when released', () => {
    const { onSignals, released } = signals();
    watchInterrupts(onSignals).release();
    expect(released()).toBe(true);
  });

  it('stops the process at once on a second signal, with the shell status of that signal, the terminal put back', () => {
    const { onSignals, send } = signals();
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => written.push(String(text)) > 0);
    stderrIsTerminal(true);
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    watchInterrupts(onSignals);
    send('SIGINT');
    expect(exit).not.toHaveBeenCalled();
    send('SIGINT');
    expect(exit).toHaveBeenCalledWith(130);
    expect(written).toEqual(['\x1b[?25h\x1b[?7h\n']);
  });

  it('writes nothing to a stderr that is no terminal', () => {
    const { onSignals, send } = signals();
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    stderrIsTerminal(false);
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    watchInterrupts(onSignals);
    send('SIGTERM');
    send('SIGTERM');
    expect(exit).toHaveBeenCalledWith(143);
    expect(write).not.toHaveBeenCalled();
  });
});
