import { vi } from 'vitest';

/** The names of a port's methods: what a storage double may watch, hold, fail, answer or lack. */
export type MethodOf<Port> = {
  [Name in keyof Port]: Port[Name] extends (...args: never[]) => unknown ? Name : never;
}[keyof Port] &
  string;

/** One call that reached the wrapper, whatever came of it. */
export interface StorageCall<Port> {
  readonly method: MethodOf<Port>;
  readonly args: readonly unknown[];
}

/** Calls held until the test lets them on. */
export interface Gate {
  /** Resolves once a held call has begun (waiting at most vitest's `waitFor` timeout). */
  started(): Promise<void>;
  /** Lets the held calls, and every later one, on to the storage. */
  release(): void;
}

/**
 * A real storage, in front of which a test may watch calls or change what chosen methods do. The
 * latest rule given for a method decides its calls; a method no rule names calls the storage.
 */
export interface WatchedStorage<Port extends object> {
  /** The storage as its callers see it. */
  readonly port: Port;
  /** The calls made so far, in order: of every method, or of those given. */
  calls(...methods: MethodOf<Port>[]): StorageCall<Port>[];
  /** Calls of these methods (of every method when none is given) reject with what `failure` makes. */
  fail(failure: () => Error, ...methods: MethodOf<Port>[]): WatchedStorage<Port>;
  /** Calls of this method are answered by `answer` instead of the storage. */
  answer<Name extends MethodOf<Port>>(method: Name, answer: Port[Name]): WatchedStorage<Port>;
  /** Calls of these methods wait until the gate is released, then reach the storage. */
  hold(...methods: MethodOf<Port>[]): Gate;
  /** The port without these methods, as a storage that does not have them: reading one gives undefined. */
  lack(...methods: MethodOf<Port>[]): WatchedStorage<Port>;
}

type Call = (...args: unknown[]) => Promise<unknown>;

interface Rule {
  readonly methods: readonly string[];
  readonly call: (args: unknown[], toStorage: () => Promise<unknown>) => Promise<unknown>;
}

/**
 * Wraps any storage port in a Proxy, so that it names none of a port's methods: a method added to a
 * port needs nothing here, nor in the tests that use it.
 */
export function watchedStorage<Port extends object>(storage: Port): WatchedStorage<Port> {
  const calls: StorageCall<Port>[] = [];
  const rules: Rule[] = [];
  const lacking = new Set<string | symbol>();
  const wrapped = new Map<string, Call>();
  const ruleFor = (method: string) =>
    rules.findLast((rule) => rule.methods.length === 0 || rule.methods.includes(method));

  const port = new Proxy(storage, {
    has: (target, key) => !lacking.has(key) && Reflect.has(target, key),
    get: (target, key) => {
      if (lacking.has(key)) return undefined;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof key !== 'string' || key === 'constructor' || typeof value !== 'function') return value;
      let call = wrapped.get(key);
      if (call === undefined) {
        const method = key as MethodOf<Port>;
        // The storage's own methods run on the storage itself: a class's private state is not on the Proxy.
        const toStorage = (args: unknown[]) => () => (value as Call).apply(target, args);
        call = (...args: unknown[]) => {
          calls.push({ method, args });
          const rule = ruleFor(key);
          return rule === undefined ? toStorage(args)() : rule.call(args, toStorage(args));
        };
        wrapped.set(key, call);
      }
      return call;
    },
  });

  const watched: WatchedStorage<Port> = {
    port,
    calls: (...methods) => calls.filter((call) => methods.length === 0 || methods.includes(call.method)),
    fail: (failure, ...methods) => {
      rules.push({ methods, call: () => Promise.reject(failure()) });
      return watched;
    },
    answer: (method, answer) => {
      rules.push({ methods: [method], call: (args) => (answer as Call)(...args) });
      return watched;
    },
    hold: (...methods) => {
      let begun = false;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      rules.push({
        methods,
        call: async (_, toStorage) => {
          begun = true;
          await released;
          return toStorage();
        },
      });
      return {
        started: () =>
          vi.waitFor(
            () => {
              if (!begun) throw new Error(`no held call (${methods.join(', ') || 'any method'}) has begun`);
            },
            { timeout: 15_000 },
          ),
        release,
      };
    },
    lack: (...methods) => {
      for (const method of methods) lacking.add(method);
      return watched;
    },
  };
  return watched;
}
