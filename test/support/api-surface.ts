/**
 * The API's operations and methods as its clients know them, pinned here once: the code derives its
 * router, `Allow`, CORS, the parser's refusal, the document and the metric labels from its list of
 * operations, and the tests hold that list to this one. A new operation changes this file, and no
 * other expectation under test/.
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

/** The same, with OPTIONS, as a refusal of a method Node does not know names them: "GET, HEAD and OPTIONS". */
export const EXPECTED_REFUSAL_METHODS = `${EXPECTED_METHODS.join(', ')} and OPTIONS`;

/** The methods `Allow` names for one path of the API (`/pets/{petId}`), sorted: its operations', HEAD with GET. */
export function expectedAllow(path: string): string[] {
  const methods = EXPECTED_OPERATIONS.filter((operation) => operation.path === path).map(({ method }) => method);
  return [...methods, ...(methods.some((method) => method === 'GET') ? ['HEAD'] : [])].sort();
}
