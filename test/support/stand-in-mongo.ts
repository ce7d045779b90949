import { MongoServerError, type Db } from 'mongodb';

type Document = Record<string, unknown>;
type Filter = Record<string, unknown>;
type Update = { $set?: Document; $unset?: Document; $inc?: Record<string, number>; $max?: Record<string, number> };
interface IndexSpec {
  key: Record<string, number>;
  name: string;
  unique?: boolean;
}

/**
 * A stand-in for a MongoDB database, for the operations the pet repository and the idempotency
 * store make on the request path (`insertOne`, `findOne` with a sort on one numeric field, `findOneAndUpdate` and `updateOne` with
 * `$set`, `$unset`, `$inc`, `$max` and upsert, `deleteOne`, `createIndexes`, `ping`), with MongoDB's
 * documented semantics: an upsert inserts the filter's equality fields plus the update, a unique
 * index (and `_id`) refuses a second document with E11000, a unique index skips documents without
 * its fields (as a partial index on them does), fields may be dotted paths, and each operation is
 * atomic but may interleave with others. It lets the adapters' own logic run, and fail on purpose,
 * where no MongoDB server can be had; the same suites run against a real server whenever one is given.
 */
export function standInDb(): Db & { documentsOf(collection: string): Document[] } {
  const collections = new Map<string, ReturnType<typeof standInCollection>>();
  const collectionNamed = (name: string) => {
    const existing = collections.get(name);
    if (existing !== undefined) return existing;
    const created = standInCollection();
    collections.set(name, created);
    return created;
  };
  const db = {
    collection: collectionNamed,
    command: (command: Document) => {
      if (Object.keys(command).join() !== 'ping')
        throw new Error(`the stand-in knows only ping, not ${Object.keys(command).join()}`);
      return Promise.resolve({ ok: 1 });
    },
    documentsOf: (name: string) => collectionNamed(name).documents,
  };
  return db as unknown as Db & { documentsOf(collection: string): Document[] };
}

function standInCollection() {
  const documents: Document[] = [];
  const uniqueKeys: string[][] = [['_id']];
  // Each operation yields once first, so concurrent calls interleave as they would over a socket.
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const refuseDuplicate = (document: Document, except?: Document) => {
    for (const fields of uniqueKeys) {
      const values = fields.map((field) => valueAt(document, field));
      if (values.some((value) => value === undefined)) continue;
      const taken = documents.some(
        (other) => other !== except && fields.every((field, index) => sameValue(valueAt(other, field), values[index])),
      );
      if (taken)
        throw new MongoServerError({ message: `E11000 duplicate key error on ${fields.join(', ')}`, code: 11000 });
    }
  };
  const upsertOrUpdate = (filter: Filter, update: Update, upsert: boolean): Document | undefined => {
    let document = documents.find((candidate) => matches(candidate, filter));
    if (document === undefined) {
      if (!upsert) return undefined;
      document = {};
      for (const [field, value] of Object.entries(filter)) if (!isOperator(value)) setValueAt(document, field, value);
      applyUpdate(document, update);
      refuseDuplicate(document);
      documents.push(document);
      return document;
    }
    const updated = structuredClone(document);
    applyUpdate(updated, update);
    refuseDuplicate(updated, document);
    documents.splice(documents.indexOf(document), 1, updated);
    return updated;
  };

  return {
    documents,
    createIndexes(specs: IndexSpec[]) {
      for (const spec of specs) if (spec.unique === true) uniqueKeys.push(Object.keys(spec.key));
      return Promise.resolve(specs.map((spec) => spec.name));
    },
    async insertOne(document: Document) {
      await turn();
      const stored = structuredClone(document);
      refuseDuplicate(stored);
      documents.push(stored);
      return { acknowledged: true, insertedId: stored._id };
    },
    async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
      await turn();
      return { matchedCount: upsertOrUpdate(filter, update, options.upsert === true) === undefined ? 0 : 1 };
    },
    async findOneAndUpdate(
      filter: Filter,
      update: Update,
      options: { upsert?: boolean; returnDocument?: 'after' } = {},
    ) {
      await turn();
      if (options.returnDocument !== 'after')
        throw new Error('the stand-in returns only the document after the update');
      const document = upsertOrUpdate(filter, update, options.upsert === true);
      return document === undefined ? null : structuredClone(document);
    },
    async findOne(
      filter: Filter,
      { projection = {}, sort = {} }: { projection?: Record<string, number>; sort?: Record<string, 1 | -1> } = {},
    ) {
      await turn();
      const [field, direction = 1] = Object.entries(sort)[0] ?? [];
      const ordered =
        field === undefined
          ? documents
          : [...documents].sort((a, b) => direction * ((valueAt(a, field) as number) - (valueAt(b, field) as number)));
      const document = ordered.find((candidate) => matches(candidate, filter));
      return document === undefined ? null : projected(document, projection);
    },
    async deleteOne(filter: Filter) {
      await turn();
      const index = documents.findIndex((candidate) => matches(candidate, filter));
      if (index >= 0) documents.splice(index, 1);
      return { deletedCount: index >= 0 ? 1 : 0 };
    },
  };
}

function applyUpdate(document: Document, { $set = {}, $unset = {}, $inc = {}, $max = {} }: Update): void {
  for (const [field, value] of Object.entries($set)) setValueAt(document, field, structuredClone(value));
  for (const field of Object.keys($unset)) Reflect.deleteProperty(document, field);
  for (const [field, by] of Object.entries($inc))
    setValueAt(document, field, ((valueAt(document, field) as number | undefined) ?? 0) + by);
  for (const [field, value] of Object.entries($max)) {
    const current = valueAt(document, field) as number | undefined;
    if (current === undefined || value > current) setValueAt(document, field, value);
  }
}

/** Only the fields a projection names with 1 (dotted paths included), `_id` too unless it says 0. */
function projected(document: Document, projection: Record<string, number>): Document {
  const included = Object.keys(projection).filter((field) => projection[field] === 1);
  if (projection._id !== 0 && !included.includes('_id')) included.push('_id');
  const result: Document = {};
  for (const field of included) {
    const value = valueAt(document, field);
    if (value !== undefined) setValueAt(result, field, structuredClone(value));
  }
  return result;
}

function valueAt(document: Document, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, part) => (typeof value === 'object' && value !== null ? (value as Document)[part] : undefined),
      document,
    );
}

function setValueAt(document: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  let target = document;
  for (const part of parts) {
    target[part] ??= {};
    target = target[part] as Document;
  }
  target[last] = value;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

function isOperator(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function matches(document: Document, filter: Filter): boolean {
  return Object.entries(filter).every(([field, expected]) => {
    const actual = valueAt(document, field);
    if (!isOperator(expected)) return sameValue(actual, expected);
    const [operator, bound] = Object.entries(expected)[0] ?? [];
    if (Object.keys(expected).length !== 1 || (operator !== '$lte' && operator !== '$gt'))
      throw new Error(`the stand-in knows only $lte and $gt, not ${Object.keys(expected).join()}`);
    if (!(actual instanceof Date)) return false;
    return operator === '$lte'
      ? actual.getTime() <= (bound as Date).getTime()
      : actual.getTime() > (bound as Date).getTime();
  });
}
