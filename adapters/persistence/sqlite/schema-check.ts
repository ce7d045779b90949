import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.js';

/** A database whose schema this release cannot use; the message says how, after the path. */
export class UnusableSchema extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableSchema';
  }
}

/** What a person does about a schema that is not the one its version says. */
const REBUILD = 'choose another path and import a backup there';

/** The tables and indexes a database holds, by name, as SQLite keeps them: its own (`sqlite_*`) left out. */
function schemaOf(db: DatabaseSync): Map<string, { type: string; sql: string | null }> {
  const rows = db
    .prepare("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .all() as { type: string; name: string; sql: string | null }[];
  return new Map(rows.map(({ type, name, sql }) => [name, { type, sql }]));
}

/** The schema every step of `steps` makes, taken on an empty database in memory; made once for each list. */
const made = new WeakMap<readonly string[], ReturnType<typeof schemaOf>>();

function madeBy(steps: readonly string[]): ReturnType<typeof schemaOf> {
  let schema = made.get(steps);
  if (schema === undefined) {
    const scratch = new DatabaseSync(':memory:');
    for (const step of steps) scratch.exec(step);
    schema = schemaOf(scratch);
    scratch.close();
    made.set(steps, schema);
  }
  return schema;
}

/**
 * Refuses a database that has taken more steps than this release knows: a newer release made it,
 * and what its steps changed is unknown here.
 */
export function refuseNewerSchema(version: number, steps: readonly string[] = MIGRATIONS): void {
  if (version > steps.length)
    throw new UnusableSchema(
      `was made by a newer release of petstore (schema version ${version}; this release knows up to ` +
        `${steps.length}); run that release, or choose another path`,
    );
}

/**
 * Refuses a database that has taken every step but lacks a table or an index they make, or holds
 * one unlike it: changed by hand, its statements would fail or, an index missing, its rules quietly
 * go. Tables and indexes of its own beside them are let be.
 */
export function refuseChangedSchema(db: DatabaseSync, steps: readonly string[] = MIGRATIONS): void {
  const held = schemaOf(db);
  for (const [name, expected] of madeBy(steps)) {
    const found = held.get(name);
    if (found === undefined)
      throw new UnusableSchema(
        `does not hold the schema its version says (${expected.type} ${name} is missing); ${REBUILD}`,
      );
    if (found.type !== expected.type || found.sql !== expected.sql)
      throw new UnusableSchema(
        `does not hold the schema its version says (${expected.type} ${name} is not as this release makes it); ${REBUILD}`,
      );
  }
}
