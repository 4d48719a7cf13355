// The Orders API as one function: (request as plain data, deps) => response as plain data.
// Routing, then authentication, rate limit and scope, then the operation. Imports no transport.
import { scopes } from './contract.ts';
import { authenticate, challenge, parseAuthorization } from './auth.ts';
import { createOrder } from './create-order.ts';
import { isStoreUnavailable, type KeyRecord, type OrdersDeps } from './deps.ts';
import { openApiDocument } from './openapi.ts';
import { orderBody } from './order-body.ts';
import type { PlainRequest, PlainResponse } from './plain.ts';
import { rateLimitHeaders } from './rate-limit.ts';
import { json, problemResponse } from './respond.ts';

type Route =
  | { name: 'create' }
  | { name: 'get'; id: string }
  | { name: 'openapi' }
  | { name: 'not-allowed'; allow: string }
  | { name: 'not-found' };

/** Matches a path (query ignored) and method to an operation. */
function route(method: string, rawPath: string): Route {
  const path = rawPath.split('?')[0] ?? '';
  if (path === '/v2/orders')
    return method === 'POST' ? { name: 'create' } : { name: 'not-allowed', allow: 'POST' };
  if (path === '/v2/openapi.json') {
    return method === 'GET' ? { name: 'openapi' } : { name: 'not-allowed', allow: 'GET' };
  }
  const item = /^\/v2\/orders\/([^/]+)$/.exec(path);
  if (item?.[1]) {
    if (method !== 'GET') return { name: 'not-allowed', allow: 'GET' };
    try {
      return { name: 'get', id: decodeURIComponent(item[1]) };
    } catch {
      return { name: 'not-found' };
    }
  }
  return { name: 'not-found' };
}

/**
 * Answers one request. Never throws: a store that is out is a 503 with Retry-After, any other
 * unexpected failure a 500 problem.
 */
export async function handleOrders(request: PlainRequest, deps: OrdersDeps): Promise<PlainResponse> {
  try {
    return await dispatch(request, deps);
  } catch (error) {
    if (isStoreUnavailable(error)) {
      const retry = String(error.retryAfterSeconds);
      return problemResponse('service-unavailable', `Nothing was stored; retry after ${retry} s`, {
        'retry-after': retry,
      });
    }
    return problemResponse('internal-error', 'The request could not be completed; it is safe to retry');
  }
}

async function dispatch(request: PlainRequest, deps: OrdersDeps): Promise<PlainResponse> {
  const method = request.method.toUpperCase();
  const target = route(method, request.path);
  if (target.name === 'not-found') return problemResponse('not-found', 'No such resource');
  if (target.name === 'not-allowed') {
    return problemResponse('method-not-allowed', `Use ${target.allow}`, { allow: target.allow });
  }
  if (target.name === 'openapi') {
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
  const auth = await authenticate(credential.token, deps.keys, now, deps.sha256);
  if (!auth.ok) {
    return problemResponse('invalid-token', auth.reason, {
      'www-authenticate': challenge('invalid_token', auth.reason),
    });
  }
  const key = auth.key;
  const rate = await deps.rateLimiter.hit(key.key_id, key.rpm_budget, now);
  const limitHeaders = rateLimitHeaders(rate);
  if (!rate.allowed) {
    return problemResponse(
      'rate-limited',
      `This key allows ${key.rpm_budget} requests per minute; retry after ${rate.resetSeconds} s`,
      { ...limitHeaders, 'retry-after': String(rate.resetSeconds) },
    );
  }
  const needed = target.name === 'create' ? scopes.create : scopes.read;
  if (!key.scopes.includes(needed)) {
    const detail = `This key lacks the ${needed} scope`;
    return problemResponse('insufficient-scope', detail, {
      ...limitHeaders,
      'www-authenticate': challenge('insufficient_scope', detail, needed),
    });
  }
  if (target.name === 'create') return createOrder(request, key, deps, now, limitHeaders);
  return getOrder(target.id, key, deps, limitHeaders);
}

/** GET /v2/orders/{id}: only orders of the key's own environment are visible. */
async function getOrder(
  id: string,
  key: KeyRecord,
  deps: OrdersDeps,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const order = await deps.orders.get(id);
  if (!order || order.environment !== key.environment) {
    return problemResponse('not-found', `No order ${id} in this key's environment`, headers);
  }
  return json(200, orderBody(order, []), headers);
}
