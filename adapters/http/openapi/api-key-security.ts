/** Every operation asks for the API key as a bearer token (the document's `bearerAuth` scheme). */
export const API_KEY_SECURITY = [{ bearerAuth: [] }];
