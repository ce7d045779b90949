import * as v from 'valibot';
import { ConfigError } from './config-error.js';
import { withoutEmptyVariables, type Environment } from './environment.js';

export type { Environment };

/**
 * The settings `schema` names, read from `env`: an empty variable counts as unset, and the first bad
 * one is a ConfigError naming it. Values are never echoed: some variables hold secrets.
 */
export function readSettings<const Schema extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: Schema,
  env: Environment,
): v.InferOutput<Schema> {
  const set = withoutEmptyVariables(env);
  const present = Object.fromEntries(
    Object.keys(schema.entries).flatMap((name) => (set[name] === undefined ? [] : [[name, set[name]]])),
  );
  // A setting's rules stop at its first refusal: a rule after it never sees a value refused before.
  // No test can tell these options' mutants apart: valibot skips a pipe's transformations after an
  // issue anyway, so the first issue, all that is reported, is the same.
  // Stryker disable next-line ObjectLiteral,BooleanLiteral
  const result = v.safeParse(schema, present, { abortPipeEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  // An object's entries are all that can be refused here, and each issue names its entry.
  throw new ConfigError(`${String(v.getDotPath(issue))} ${issue.message}`);
}

/** One setting as help shows it. */
export interface SettingHelp {
  /** The environment variable, such as `PORT`. */
  readonly name: string;
  /** Its default, written as it would be in the environment; unset: it has none. */
  readonly fallback?: string;
  /** What holds while it is unset, for a setting without a default. */
  readonly whenUnset?: string;
  /** What it does, in one line of Markdown (code spans only). */
  readonly meaning: string;
}

/**
 * Every setting of `schema`, in its order, with its default read from the schema itself. Typed by
 * the schema's names: a setting without a meaning does not compile.
 */
export function settingsHelpOf<Schema extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: Schema,
  meanings: Readonly<Record<keyof Schema['entries'], Omit<SettingHelp, 'name' | 'fallback'>>>,
): SettingHelp[] {
  return Object.entries(schema.entries).map(([name, entry]) => {
    const fallback = v.getDefault(entry) as string | undefined;
    // An empty default is no default: an empty variable counts as unset.
    return { name, ...(fallback ? { fallback } : {}), ...meanings[name as keyof Schema['entries']] };
  });
}
