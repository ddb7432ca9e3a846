/**
 * The one cross-site check shared by the HTTP API (state-changing requests) and both socket
 * upgrades. A browser always sends `Origin` on these; a request without one is not a browser page
 * (a bot, the CLI, an API client, a test) and cannot carry a victim's cookies on a page's behalf.
 */

/** The request headers the check reads (Node's `IncomingHttpHeaders` fits). */
export interface OriginHeaders {
  readonly origin?: string | undefined;
  readonly host?: string | undefined;
  readonly 'sec-fetch-site'?: string | string[] | undefined;
}

/**
 * The normalised origins (`scheme://host[:port]`, as `URL.origin` writes them) of a comma-separated
 * list such as `ALLOWED_ORIGINS`; throws on an entry that is not an http(s) origin, so a bad deploy
 * fails at start.
 */
export function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : null;
      if (
        url === null ||
        (url.protocol !== 'http:' && url.protocol !== 'https:') ||
        url.origin !== entry.replace(/\/$/, '')
      ) {
        throw new Error(`ALLOWED_ORIGINS entries must be origins such as https://palace.example, got "${entry}"`);
      }
      return url.origin;
    });
}

/**
 * Whether a request may act: allowed when its `Origin` is one of `allowed`; otherwise refused when
 * `Sec-Fetch-Site` says `cross-site`, or when an `Origin` is present and its host (name and port)
 * differs from the request's `Host` (a malformed Origin, `null` included, is refused). No Origin at
 * all is allowed.
 */
export function originAllowed(headers: OriginHeaders, allowed: ReadonlySet<string>): boolean {
  const { origin } = headers;
  const url = origin === undefined ? undefined : URL.canParse(origin) ? new URL(origin) : null;
  if (url === null) return false;
  if (url !== undefined && allowed.has(url.origin)) return true;
  if (headers['sec-fetch-site'] === 'cross-site') return false;
  return url === undefined || url.host === headers.host;
}

/** The refusal text of a cross-site request or socket upgrade. */
export const CROSS_SITE_TEXT = 'Cross-site requests are not allowed';
