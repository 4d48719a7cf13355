// The Orders API as one function: (request as plain data, deps) => response as plain data.
// Routing, then authentication, rate limit and scope, then the operation. Imports no transport.
import { scopes } from './contract.ts';
import { authenticate, challenge, parseAuthorization } from './auth.ts';
import { createOrder } from './create-order.ts';
import { isStoreUnavailable, type KeyRecord, type OrdersDeps, type RouteRetirement } from './deps.ts';
import { isPending } from './maybe-promise.ts';
import { openApiDocument } from './openapi.ts';
import { orderBody } from './order-body.ts';
import type { PlainRequest, PlainResponse } from './plain.ts';
import { rateLimitHeaders } from './rate-limit.ts';
import { randomId } from './ids.ts';
import { listOrders } from './list-orders.ts';
import { badListQuery, queryProblems } from './list-query.ts';
import { json, problemResponse, withAuditEntry, withRequestId } from './respond.ts';
import { resolveRoute, type Operation, type Route } from './routes.ts';
import { eventScopes } from './events/event-contract.ts';
import { getEvent, listEvents, orderEvents } from './events/event-routes.ts';
import { createWebhook, deleteWebhook, listWebhooks, rollWebhookSecret } from './events/webhook-routes.ts';
import { recoverWebhook, resendWebhookEvent } from './events/webhook-recovery.ts';

/** What the handler learnt of the caller on the way: the key the credential named, if known. */
interface Seen {
  key: KeyRecord | null;
  /** This answer's Request-Id. */
  requestId: string;
}

/**
 * Answers one request. Never throws: a store that is out is a 503 with Retry-After, any other
 * unexpected failure a 500 problem. Every answer of the contract leaves through here, stamped with
 * its request id (the `Request-Id` header, and `request_id` in a problem body) and the key it
 * named (for the request log).
 */
export async function handleOrders(request: PlainRequest, deps: OrdersDeps): Promise<PlainResponse> {
  // HEAD is GET without a body (RFC 9110 §9.3.2): same checks, same status, same headers.
  const method = request.method.toUpperCase();
  const route = resolveRoute(method === 'HEAD' ? 'GET' : method, request.path, deps.deprecatedPaths);
  // Drawn first: a create stores it with its order, as its event's request.id.
  const seen: Seen = { key: null, requestId: deps.ids.requestId?.() ?? randomId('req_') };
  let response: PlainResponse;
  try {
    response = await dispatch(request, route, deps, seen);
  } catch (error) {
    response = failure(error);
  }
  if (route.kind === 'operation' || route.kind === 'not-allowed')
    Object.assign(response.headers, route.headers);
  if (route.kind === 'operation' && deps.routeNotices)
    noticed(response, deps.routeNotices(method, request.path, seen.key?.environment ?? null));
  response.key = seen.key;
  return withRequestId(response, seen.requestId);
}

const noticeHeaders = ['deprecation', 'sunset', 'link'] as const;

/** Puts a route's current deprecation headers on an answer ({}: takes them off; null: as they are). */
function noticed(response: PlainResponse, headers: Record<string, string> | null): void {
  if (headers === null) return;
  for (const name of noticeHeaders) delete response.headers[name];
  Object.assign(response.headers, headers);
}

/** The answer to an exception: 503 for a store that is out, else 500. */
function failure(error: unknown): PlainResponse {
  if (isStoreUnavailable(error)) {
    const retry = String(error.retryAfterSeconds);
    return problemResponse('service-unavailable', `Nothing was stored; retry after ${retry} s`, {
      'retry-after': retry,
    });
  }
  return problemResponse('internal-error', 'The request could not be completed; it is safe to retry');
}

async function dispatch(
  request: PlainRequest,
  route: Route,
  deps: OrdersDeps,
  seen: Seen,
): Promise<PlainResponse> {
  if (route.kind === 'bad-path' || route.kind === 'not-found' || route.kind === 'not-allowed')
    seen.key = await namedKey(request, deps);
  if (route.kind === 'bad-path') return problemResponse('invalid-request', route.reason);
  if (route.kind === 'not-found') {
    const hint = route.canonical === null ? '' : `; the canonical path is ${route.canonical}`;
    return problemResponse('not-found', `No such resource${hint}`);
  }
  if (route.kind === 'not-allowed') {
    return problemResponse('method-not-allowed', `Use ${route.allow}`, { allow: route.allow });
  }
  if (route.operation === 'openapi') {
    // x-served-by tells a probe (the try-it panel) that a contract core answered, not a static file.
    const headers = { 'cache-control': 'public, max-age=300', 'x-served-by': 'estate-orders-api' };
    return json(200, openApiDocument(), headers);
  }

  const credential = parseAuthorization(request.headers.authorization);
  if (credential.kind === 'missing') {
    return problemResponse('unauthenticated', 'Send "Authorization: Bearer <key>"', {
      'www-authenticate': challenge(),
    });
  }
  if (credential.kind === 'malformed') {
    return problemResponse('invalid-request', credential.reason, {
      'www-authenticate': challenge('invalid_request', credential.reason),
    });
  }
  const now = deps.clock.now();
  // Stores that answer at once are not awaited: each await is a turn of the microtask queue.
  const authenticating = authenticate(credential.token, deps.keys, now, deps.sha256);
  const auth = isPending(authenticating) ? await authenticating : authenticating;
  seen.key = auth.key;
  if (!auth.ok) {
    const refused = problemResponse('invalid-token', auth.reason, {
      'www-authenticate': challenge('invalid_token', auth.reason),
    });
    // A refusal a management change caused names its audit entry (the request log keeps the body).
    return withAuditEntry(refused, auth.key?.audit_entry_id);
  }
  const key = auth.key;
  const retired = deps.routeRetirement?.(request.method, request.path, key.environment, now);
  if (retired) return retiredRoute(retired);
  const needed = scopeOf[route.operation];
  // A create by a key that may create asks for its quota with its rpm hit, where the store can.
  const ahead =
    route.operation === 'create' && key.scopes.includes(needed) && deps.rateLimiter.hitAndReserve
      ? await deps.rateLimiter.hitAndReserve(key.key_id, key.rpm_budget, key.quota_orders_per_month, now)
      : null;
  const hit = ahead?.rate ?? deps.rateLimiter.hit(key.key_id, key.rpm_budget, now);
  const rate = isPending(hit) ? await hit : hit;
  const limitHeaders = rateLimitHeaders(rate);
  if (!rate.allowed) {
    return problemResponse(
      'rate-limited',
      `This key allows ${key.rpm_budget} requests per minute; retry after ${rate.resetSeconds} s`,
      { ...limitHeaders, 'retry-after': String(rate.resetSeconds) },
    );
  }
  if (!key.scopes.includes(needed)) {
    const detail = `This key lacks the ${needed} scope`;
    return problemResponse('insufficient-scope', detail, {
      ...limitHeaders,
      'www-authenticate': challenge('insufficient_scope', detail, needed),
    });
  }
  if (route.operation === 'create')
    return createOrder(request, key, deps, now, limitHeaders, seen.requestId, ahead?.quota ?? 'ask');
  if (route.operation === 'list') return listOrders(request.path, key, deps, limitHeaders);
  if (route.operation === 'get') return getOrder(request.path, route.id, key, deps, limitHeaders);
  return eventOperation(request, route.operation, route.id, key, deps, now, limitHeaders);
}

/**
 * The 410 of a route past its sunset, naming the change that set it (its Deprecation, Sunset and
 * Link headers go on as on every answer of a deprecated route).
 */
function retiredRoute({ sunsetAt, successor, auditEntryId }: RouteRetirement): PlainResponse {
  const instead = successor === null ? '' : `; use ${successor}`;
  const detail = `This route was retired at its sunset, ${sunsetAt}${instead}`;
  return withAuditEntry(problemResponse('route-retired', detail), auditEntryId);
}

/** The scope each operation needs (the OpenAPI document is served without a key). */
const scopeOf: Record<Exclude<Operation, 'openapi'>, string> = {
  create: scopes.create,
  list: scopes.read,
  get: scopes.read,
  'order-events': scopes.read,
  'list-events': eventScopes.readEvents,
  'get-event': eventScopes.readEvents,
  'list-webhooks': eventScopes.readWebhooks,
  'create-webhook': eventScopes.writeWebhooks,
  'delete-webhook': eventScopes.writeWebhooks,
  'roll-webhook-secret': eventScopes.writeWebhooks,
  'resend-webhook-event': eventScopes.writeWebhooks,
  'recover-webhook': eventScopes.writeWebhooks,
};

/** The events and webhooks operations; a 404 where this runtime keeps no events or endpoints. */
async function eventOperation(
  request: PlainRequest,
  operation: Exclude<Operation, 'openapi' | 'create' | 'list' | 'get'>,
  id: string,
  key: KeyRecord,
  deps: OrdersDeps,
  now: number,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const { events, webhooks } = deps;
  if (operation === 'order-events' || operation === 'list-events' || operation === 'get-event') {
    if (!events) return problemResponse('not-found', 'This server keeps no events', headers);
    if (operation === 'list-events') return listEvents(request.path, key, events, headers);
    if (operation === 'get-event') return getEvent(request.path, id, key, events, headers);
    return orderEvents(request.path, id, key, { ...deps, events }, headers);
  }
  if (!webhooks) return problemResponse('not-found', 'This server keeps no webhook endpoints', headers);
  if (operation === 'create-webhook') return createWebhook(request, key, { ...deps, webhooks }, now, headers);
  if (operation === 'list-webhooks') return listWebhooks(request.path, key, webhooks, headers);
  if (operation === 'delete-webhook') return deleteWebhook(id, key, webhooks, headers);
  if (operation === 'resend-webhook-event' || operation === 'recover-webhook') {
    if (!events || !deps.deliveries)
      return problemResponse('not-found', 'This server delivers no webhooks', headers);
    const requeue = { ...deps, events, webhooks, deliveries: deps.deliveries };
    return operation === 'resend-webhook-event'
      ? resendWebhookEvent(id, request, key, requeue, headers)
      : recoverWebhook(id, request, key, requeue, headers);
  }
  return rollWebhookSecret(request, id, key, { ...deps, webhooks }, now, headers);
}

/**
 * The key a bearer credential names, for the log of an answer given before authentication (a 400
 * path, a 404, a 405, and the server's own, such as a 417): it changes nothing in the answer, and
 * counts against no rate limit.
 */
export async function namedKey(
  request: Pick<PlainRequest, 'headers'>,
  deps: OrdersDeps,
): Promise<KeyRecord | null> {
  const credential = parseAuthorization(request.headers.authorization);
  if (credential.kind !== 'bearer') return null;
  try {
    return (await authenticate(credential.token, deps.keys, deps.clock.now(), deps.sha256)).key;
  } catch {
    // A key store that is out must not turn a 404 into a 503: the log then names no key.
    return null;
  }
}

/** GET /v2/orders/{id}: only orders of the key's own environment are visible; it takes no query. */
async function getOrder(
  target: string,
  id: string,
  key: KeyRecord,
  deps: OrdersDeps,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  if (target.includes('?')) {
    const refused = queryProblems(target);
    if (refused.length > 0) return badListQuery(refused, headers);
  }
  const order = await deps.orders.get(id);
  if (!order || order.environment !== key.environment) {
    return problemResponse('not-found', `No order ${id} in this key's environment`, headers);
  }
  return json(200, orderBody(order, []), headers);
}
