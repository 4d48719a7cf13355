// The route table of the Orders API: which operation a method and request-target name. Paths are
// matched only as canonically spelt (./paths.ts); another spelling of a real path is a 404 that
// names the canonical one (no silent alias, and no redirect that would make a client re-send a
// POST). A deprecated path still served maps to its successor's operation, with its headers.
import type { DeprecatedPath } from './deps.ts';
import { canonicalPath, pathOfTarget } from './paths.ts';

/** An operation of the API. */
export type Operation =
  | 'create'
  | 'list'
  | 'get'
  | 'openapi'
  | 'order-events'
  | 'list-events'
  | 'get-event'
  | 'create-webhook'
  | 'list-webhooks'
  | 'delete-webhook'
  | 'roll-webhook-secret'
  | 'resend-webhook-event'
  | 'recover-webhook';

/** What a request names. */
export type Route =
  | { kind: 'operation'; operation: Operation; id: string; headers: Record<string, string> }
  | { kind: 'not-allowed'; allow: string; headers: Record<string, string> }
  | { kind: 'not-found'; canonical: string | null }
  | { kind: 'bad-path'; reason: string };

/** A path the API serves: the methods it answers, and the order id it names, if any. */
interface Resource {
  allow: string;
  methods: Partial<Record<string, Operation>>;
  id: string;
  headers: Record<string, string>;
}

const noHeaders: Readonly<Record<string, string>> = Object.freeze({});
const orders: Resource = {
  allow: 'GET, HEAD, POST',
  methods: { GET: 'list', HEAD: 'list', POST: 'create' },
  id: '',
  headers: noHeaders,
};
const document: Resource = {
  allow: 'GET, HEAD',
  methods: { GET: 'openapi', HEAD: 'openapi' },
  id: '',
  headers: noHeaders,
};
const readOrder = { allow: 'GET, HEAD', methods: { GET: 'get', HEAD: 'get' }, headers: noHeaders } as const;
const fixed = (allow: string, methods: Resource['methods']): Resource => ({
  allow,
  methods,
  id: '',
  headers: noHeaders,
});
const events = fixed('GET, HEAD', { GET: 'list-events', HEAD: 'list-events' });
const webhooks = fixed('GET, HEAD, POST', {
  GET: 'list-webhooks',
  HEAD: 'list-webhooks',
  POST: 'create-webhook',
});

/** `/prefix/{id}` or `/prefix/{id}/suffix` as the id, or undefined. */
function idIn(path: string, prefix: string, suffix = ''): string | undefined {
  if (!path.startsWith(prefix) || !path.endsWith(suffix)) return undefined;
  const id = path.slice(prefix.length, path.length - suffix.length);
  return id !== '' && !id.includes('/') ? id : undefined;
}

/** The events and webhooks resources at a canonical path. */
function eventResourceAt(path: string): Resource | undefined {
  if (path === '/v2/events') return events;
  if (path === '/v2/webhooks') return webhooks;
  const orderId = idIn(path, '/v2/orders/', '/events');
  if (orderId !== undefined)
    return { ...fixed('GET, HEAD', { GET: 'order-events', HEAD: 'order-events' }), id: orderId };
  const eventId = idIn(path, '/v2/events/');
  if (eventId !== undefined)
    return { ...fixed('GET, HEAD', { GET: 'get-event', HEAD: 'get-event' }), id: eventId };
  const rolled = idIn(path, '/v2/webhooks/', '/roll-secret');
  if (rolled !== undefined) return { ...fixed('POST', { POST: 'roll-webhook-secret' }), id: rolled };
  const resent = idIn(path, '/v2/webhooks/', '/resend');
  if (resent !== undefined) return { ...fixed('POST', { POST: 'resend-webhook-event' }), id: resent };
  const recovered = idIn(path, '/v2/webhooks/', '/recover');
  if (recovered !== undefined) return { ...fixed('POST', { POST: 'recover-webhook' }), id: recovered };
  const webhookId = idIn(path, '/v2/webhooks/');
  if (webhookId !== undefined) return { ...fixed('DELETE', { DELETE: 'delete-webhook' }), id: webhookId };
  return undefined;
}

/** The resource at a canonical path, if the API serves one there. */
function resourceAt(path: string, deprecated?: ReadonlyMap<string, DeprecatedPath>): Resource | undefined {
  if (path === '/v2/orders') return orders;
  if (path === '/v2/openapi.json') return document;
  const eventResource = eventResourceAt(path);
  if (eventResource) return eventResource;
  if (path.startsWith('/v2/orders/')) {
    const id = path.slice('/v2/orders/'.length);
    if (id !== '' && !id.includes('/')) return { ...readOrder, id };
  }
  const old = deprecated?.get(path);
  const operation = old ? resourceAt(old.successor)?.methods[old.method] : undefined;
  if (!old || !operation) return undefined;
  // Only the method the deprecated route was published with: POST /v1/orders, not a list.
  return { allow: old.method, methods: { [old.method]: operation }, id: '', headers: old.headers };
}

/** The version and collection segments in lower case (`/V2/Orders/ord_A` → `/v2/orders/ord_A`). */
function lowerCaseLiterals(path: string): string {
  const [, version = '', collection = '', ...rest] = path.split('/');
  return ['', version.toLowerCase(), collection.toLowerCase(), ...rest].join('/');
}

/** The canonical spelling of a real path that `raw` misspells, if it misspells one. */
function suggestion(canonical: string, raw: string, deprecated?: ReadonlyMap<string, DeprecatedPath>) {
  for (const candidate of [canonical, lowerCaseLiterals(canonical)])
    if (candidate !== raw && resourceAt(candidate, deprecated)) return candidate;
  return null;
}

/** Resolves a method and request-target (origin or absolute form, query ignored) to a route. */
export function resolveRoute(
  method: string,
  target: string,
  deprecated?: ReadonlyMap<string, DeprecatedPath>,
): Route {
  const raw = pathOfTarget(target);
  const canonical = canonicalPath(raw);
  if (!canonical.ok) return { kind: 'bad-path', reason: canonical.reason };
  const resource = canonical.path === raw ? resourceAt(raw, deprecated) : undefined;
  if (!resource) return { kind: 'not-found', canonical: suggestion(canonical.path, raw, deprecated) };
  const operation = resource.methods[method];
  if (!operation) return { kind: 'not-allowed', allow: resource.allow, headers: resource.headers };
  // The path is canonical, so its escapes are valid UTF-8.
  const id = resource.id.includes('%') ? decodeURIComponent(resource.id) : resource.id;
  return { kind: 'operation', operation, id, headers: resource.headers };
}
