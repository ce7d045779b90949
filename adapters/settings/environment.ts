// Free of dependencies: the entry points read .env through it before they check the Node version.

/** The environment as the service reads it: variable names to their text. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `env` without its empty variables: an empty variable counts as unset, whether it comes from the
 * environment, a `.env` file or the settings a host passes to `startService`.
 */
export function withoutEmptyVariables(env: Environment): Environment {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}
