// /api paths live in the contract beside their schemas (decision 019), one `<AREA>_PATHS` object
// per contract module. A parametrised path is a small function: the web calls it with a value
// (`REGISTRATION_PATHS.get(7)`), the server with the OpenAPI placeholder its router and the
// role table (access.ts) use (`REGISTRATION_PATHS.get('{id}')`). No zod here: the web's main
// bundle may import it.

/** A path parameter: a value, or the OpenAPI placeholder ("{id}") on the server. */
export type PathParam = number | `{${string}}`;

/** The query string of the values that are set (`?a=1&b=x`), or '' when none is. */
export function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
