// Deprecation headers to the standards, for a route that is deprecated but still served:
// `Deprecation` (RFC 9745: a Structured Field Date, `@<unix seconds>`), `Sunset` (RFC 8594: an
// HTTP-date), and `Link` (RFC 8288) with `rel="deprecation"` (RFC 9745: where the deprecation is
// explained) and `rel="successor-version"` (RFC 5829: the route that replaces it).
// Pure: no clock, no I/O; dates come from the workspace's routes table.

/** A deprecated route as the headers need it: ISO dates, the successor's path, the info link. */
export interface DeprecatedRoute {
  /** When deprecation took effect (ISO date or date-time, UTC). */
  deprecatedAt: string;
  /** When the route stops being served (ISO date or date-time, UTC); null: no sunset set. */
  sunsetAt: string | null;
  /** The path (or URL) of the route that replaces it; null: none. */
  successor: string | null;
  /** Where the deprecation is explained to callers (URL or path). */
  infoUrl: string;
}

/** The headers a deprecated route answers with, by name. */
export interface DeprecationHeaders {
  Deprecation: string;
  Sunset?: string;
  Link: string;
}

/** Milliseconds since the epoch of an ISO date or date-time read as UTC; throws when unreadable. */
function utcMillis(value: string): number {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value.replace(' ', 'T');
  const withZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`;
  const millis = Date.parse(withZone);
  if (Number.isNaN(millis)) throw new Error(`deprecation: not a date: ${value}`);
  return millis;
}

/** RFC 9745 `Deprecation` value: `@` and whole seconds since the Unix epoch. */
export function deprecationValue(deprecatedAt: string): string {
  return `@${Math.floor(utcMillis(deprecatedAt) / 1000)}`;
}

/** RFC 8594 `Sunset` value: an IMF-fixdate HTTP-date, e.g. `Sun, 31 Jan 2027 00:00:00 GMT`. */
export function sunsetValue(sunsetAt: string): string {
  return new Date(utcMillis(sunsetAt)).toUTCString();
}

/** RFC 8288 `Link` value with the deprecation info and, when there is one, the successor. */
export function deprecationLinkValue(route: Pick<DeprecatedRoute, 'infoUrl' | 'successor'>): string {
  const links = [`<${route.infoUrl}>; rel="deprecation"; type="text/html"`];
  if (route.successor) links.push(`<${route.successor}>; rel="successor-version"`);
  return links.join(', ');
}

/** All deprecation headers of a route; `Sunset` only when a sunset is set. */
export function deprecationHeaders(route: DeprecatedRoute): DeprecationHeaders {
  if (route.sunsetAt !== null && utcMillis(route.sunsetAt) < utcMillis(route.deprecatedAt)) {
    throw new Error('deprecation: a sunset cannot precede the deprecation (RFC 9745)');
  }
  const headers: DeprecationHeaders = {
    Deprecation: deprecationValue(route.deprecatedAt),
    Link: deprecationLinkValue(route),
  };
  if (route.sunsetAt !== null) headers.Sunset = sunsetValue(route.sunsetAt);
  return headers;
}

/** The headers with lower-case names, as plain responses and node:http carry them. */
export function deprecationHeaderFields(headers: DeprecationHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Where callers of a deprecated route read about it: the route's page in the console. */
export function deprecationInfoUrl(routeId: string): string {
  return `/app/api/routes/${routeId}`;
}
