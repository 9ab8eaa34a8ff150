/**
 * What `--api-url` (or OFFPRINT_API_URL, or `apiUrl` in the config file) must be before any
 * request is sent: an http(s) base URL the client can append `/v1` to. A URL no request could
 * ever succeed on is refused here at once, rather than retried for seconds by the client.
 */

/** How a good value looks, for the end of every refusal. */
export const API_URL_SHAPE =
  "the API's base URL, such as https://api.gitbook.com (/v1 is appended)";

/**
 * Why `value` cannot be the API's base URL, in one line naming where it was given (`--api-url`,
 * or `"apiUrl"` for check-config's reading of a config file); undefined when it can.
 */
export function apiUrlProblem(value: string, name = '--api-url'): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a URL: ${value}; give ${API_URL_SHAPE}`;
  }
  // The value is echoed below only once no password can be in it.
  if (url.username || url.password) {
    return (
      `${name} holds a user name or password: give the token in OFFPRINT_TOKEN or --token-file, ` +
      `and as ${name} ${API_URL_SHAPE}`
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${name} ${value} is not an http or https URL (it starts with ${url.protocol}); give ${API_URL_SHAPE}`;
  }
  if (url.search || url.hash) {
    return `${name} ${value} has a query or fragment, which /v1 cannot follow; give ${API_URL_SHAPE}`;
  }
  return undefined;
}
