import { MongoServerError, type Db } from 'mongodb';

type Document = Record<string, unknown>;
type Filter = Record<string, unknown>;

/**
 * A stand-in for one MongoDB collection, for the few operations the idempotency store makes
 * (`updateOne` with `$set`/`$unset` and upsert, `findOne`, `deleteOne`, `createIndexes`), with
 * MongoDB's documented semantics: an upsert inserts the filter's equality fields plus `$set`, a
 * unique index refuses a second document with E11000, and each operation is atomic but may
 * interleave with others. It lets the store's own logic run where no MongoDB server can be had;
 * the same contract suite runs against a real server whenever one is given.
 */
export function standInDb(): Db & { readonly documents: Document[] } {
  const documents: Document[] = [];
  const uniqueKeys: string[][] = [];
  // Each operation yields once first, so concurrent calls interleave as they would over a socket.
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  const collection = {
    createIndexes(specs: { key: Record<string, number>; name: string; unique?: boolean }[]) {
      for (const spec of specs) if (spec.unique === true) uniqueKeys.push(Object.keys(spec.key));
      return Promise.resolve(specs.map((spec) => spec.name));
    },
    async updateOne(filter: Filter, update: { $set?: Document; $unset?: Document }, options: { upsert?: boolean } = {}) {
      await turn();
      let document = documents.find((candidate) => matches(candidate, filter));
      if (document === undefined) {
        if (options.upsert !== true) return { matchedCount: 0 };
        document = Object.fromEntries(Object.entries(filter).filter(([, value]) => !isOperator(value)));
        if (uniqueKeys.some((fields) => documents.some((other) => fields.every((field) => other[field] === document?.[field])))) {
          throw new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 });
        }
        documents.push(document);
      }
      Object.assign(document, structuredClone(update.$set ?? {}));
      for (const field of Object.keys(update.$unset ?? {})) Reflect.deleteProperty(document, field);
      return { matchedCount: 1 };
    },
    async findOne(filter: Filter, { projection = {} }: { projection?: Record<string, number> } = {}) {
      await turn();
      const document = documents.find((candidate) => matches(candidate, filter));
      if (document === undefined) return null;
      const included = Object.keys(projection).filter((field) => projection[field] === 1);
      return structuredClone(Object.fromEntries(Object.entries(document).filter(([field]) => included.includes(field))));
    },
    async deleteOne(filter: Filter) {
      await turn();
      const index = documents.findIndex((candidate) => matches(candidate, filter));
      if (index >= 0) documents.splice(index, 1);
      return { deletedCount: index >= 0 ? 1 : 0 };
    },
  };
  return { collection: () => collection, documents } as unknown as Db & { documents: Document[] };
}

function isOperator(value: unknown): value is { $lte: Date } {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function matches(document: Document, filter: Filter): boolean {
  return Object.entries(filter).every(([field, expected]) => {
    const actual = document[field];
    if (!isOperator(expected)) return actual === expected;
    if (Object.keys(expected).join() !== '$lte') throw new Error(`the stand-in knows only $lte, not ${Object.keys(expected).join()}`);
    return actual instanceof Date && actual.getTime() <= expected.$lte.getTime();
  });
}
