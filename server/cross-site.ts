// The one cross-site guard for every unsafe request the server takes with ambient credentials
// (a console cookie) or that changes state (the management API): Sec-Fetch-Site first, then
// Origin against the request's own origin. A request with neither header comes from no browser
// (curl, a script, a server) and is let through; its credentials are its own bearer token. Astro's
// checkOrigin is not enough: it looks only at form posts, so cross-site application/json passes it.
import type { IncomingHttpHeaders } from 'node:http';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the guard needs of a request. */
export interface GuardedRequest {
  method?: string | undefined;
  headers: IncomingHttpHeaders;
  /** Whether the connection itself is TLS (node's `socket.encrypted`). */
  encrypted?: boolean;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The origin this request was sent to: scheme (TLS, or a proxy's X-Forwarded-Proto) and Host. */
export function ownOrigin(req: GuardedRequest): string | null {
  const host = first(req.headers.host);
  if (!host) return null;
  const forwarded = first(req.headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  const scheme = req.encrypted === true || forwarded === 'https' ? 'https' : 'http';
  return `${scheme}://${host.toLowerCase()}`;
}

/**
 * Why this request must be refused as cross-site, or null when it may go on. Safe methods always
 * pass. `Sec-Fetch-Site: same-origin` or `none` (typed by the user) pass, any other value is
 * refused; without it, an `Origin` must equal the request's own origin (`null` never does).
 */
export function crossSiteRefusal(req: GuardedRequest): string | null {
  if (safeMethods.has((req.method ?? 'GET').toUpperCase())) return null;
  const site = first(req.headers['sec-fetch-site'])?.toLowerCase();
  if (site !== undefined) {
    return site === 'same-origin' || site === 'none'
      ? null
      : `A ${site} request cannot change anything here (Sec-Fetch-Site: ${site})`;
  }
  const origin = first(req.headers.origin);
  if (origin === undefined) return null;
  const own = ownOrigin(req);
  const given = origin.toLowerCase();
  if (own !== null && given === own) return null;
  // A proxy that terminates TLS without saying so: accept the same host over either scheme.
  if (own !== null && given.replace(/^https:/, 'http:') === own.replace(/^https:/, 'http:')) return null;
  return `A request from ${origin === 'null' ? 'an opaque origin' : origin} cannot change anything here`;
}
