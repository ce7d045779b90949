/**
 * The API's operations and methods as its clients know them, pinned here once: the code derives its
 * router, `Allow`, CORS, the parser's refusal, the document and the metric labels from its list of
 * operations, and the tests hold that list to this one. A new operation is one line here: the tests
 * of methods and operations derive their expectations from it.
 */
export const EXPECTED_OPERATIONS = [
  { operationId: 'listPets', method: 'GET', path: '/pets' },
  { operationId: 'createPet', method: 'POST', path: '/pets' },
  { operationId: 'getPet', method: 'GET', path: '/pets/{petId}' },
] as const;

/** The operations' ids, in the list's order. */
export const EXPECTED_OPERATION_IDS: readonly string[] = EXPECTED_OPERATIONS.map(({ operationId }) => operationId);

/** The methods routes under /v1 answer, as `Allow` and CORS name them, each once in the order first met: HEAD with GET. */
export const EXPECTED_METHODS: readonly string[] = [
  ...new Set(EXPECTED_OPERATIONS.flatMap(({ method }) => (method === 'GET' ? [method, 'HEAD'] : [method]))),
];

/** The methods an operation may have (OperationMethod), as a list a test can walk. */
const OPERATION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Methods answered 501 on every path: those an operation may have that none has yet, and WebDAV's
 * PROPFIND, which no operation can have; never empty.
 */
export const METHODS_ANSWERED_NOWHERE: readonly string[] = [
  ...OPERATION_METHODS.filter((method) => !EXPECTED_METHODS.includes(method)),
  'PROPFIND',
];

/** The same, with OPTIONS, as a refusal of a method Node does not know names them: "GET, HEAD and OPTIONS". */
export const EXPECTED_REFUSAL_METHODS = `${EXPECTED_METHODS.join(', ')} and OPTIONS`;

/** The methods `Allow` names for one path of the API (`/pets/{petId}`), sorted: its operations', HEAD with GET. */
export function expectedAllow(path: string): string[] {
  const methods = EXPECTED_OPERATIONS.filter((operation) => operation.path === path).map(({ method }) => method);
  return [...methods, ...(methods.some((method) => method === 'GET') ? ['HEAD'] : [])].sort();
}
