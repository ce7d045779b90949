/** RFC 6750 b64token: the characters a bearer token, and so an API key, may hold. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
