// `@petstore/auth`: static API keys, checked by their SHA-256 digests.
export { newApiKey, resolveApiKeys, type ApiKeys } from './api-keys.js';
export { sha256, StaticKeyAuthenticator, type AcceptedKeys } from './static-key-authenticator.js';
