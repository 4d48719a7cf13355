// The management API as one function: (request as plain data, deps) => response as plain data.
// Cross-site refusal, routing, authentication (a Bearer management key, or a principal the
// transport authenticated), the scope each route needs, then a read or a change. Imports no
// framework and nothing of server/.
import { challenge, parseAuthorization } from '../api/orders/auth.ts';
import { randomId } from '../api/orders/ids.ts';
import type { PlainResponse } from '../api/orders/plain.ts';
import { json, withRequestId } from '../api/orders/respond.ts';
import { pathOfTarget } from '../api/orders/paths.ts';
import type { Principal } from './actor.ts';
import { scopeRefusal } from './console-principal.ts';
import type { ManageScope } from './contract.ts';
import type { ManageDeps } from './deps.ts';
import { readUnseen } from './ledger.ts';
import { manageOpenApi } from './openapi.ts';
import { manageProblem } from './problems.ts';
import { namesUnknown, readRoute } from './reads.ts';
import type { ManageRequest } from './request.ts';
import { writeRoute } from './writes.ts';

/** Where the API lives. */
export const managePrefix = '/manage/v1';

/** A route: the methods it answers, the scope each needs. */
interface Endpoint {
  pattern: RegExp;
  methods: Partial<Record<string, ManageScope | null>>;
}

const id = '([A-Za-z0-9_-]{1,120})';
/** Every route of the API (path after the prefix). */
const endpoints: Endpoint[] = [
  { pattern: /^\/openapi\.json$/, methods: { GET: null } },
  { pattern: /^\/keys$/, methods: { GET: 'keys:read', POST: 'keys:write' } },
  { pattern: new RegExp(`^/keys/${id}$`), methods: { GET: 'keys:read', PATCH: 'keys:write' } },
  { pattern: new RegExp(`^/keys/${id}/(revoke|roll)$`), methods: { POST: 'keys:write' } },
  { pattern: /^\/routes$/, methods: { GET: 'routes:read' } },
  { pattern: new RegExp(`^/routes/${id}$`), methods: { GET: 'routes:read' } },
  { pattern: new RegExp(`^/routes/${id}/(deprecate|restore)$`), methods: { POST: 'routes:write' } },
  { pattern: /^\/consumers$/, methods: { GET: 'consumers:read' } },
  { pattern: new RegExp(`^/consumers/${id}$`), methods: { GET: 'consumers:read', PATCH: 'consumers:write' } },
  { pattern: /^\/audit$/, methods: { GET: 'audit:read' } },
  { pattern: /^\/demo\/reset$/, methods: { POST: 'keys:write' } },
  {
    pattern: /^\/management-keys$/,
    methods: { GET: 'management_keys:read', POST: 'management_keys:write' },
  },
  { pattern: new RegExp(`^/management-keys/${id}$`), methods: { GET: 'management_keys:read' } },
  { pattern: new RegExp(`^/management-keys/${id}/(revoke)$`), methods: { POST: 'management_keys:write' } },
];

/** Whether a request-target is the management API's, in origin or absolute form (RFC 9112 §3.2). */
export function isManageTarget(target: string): boolean {
  // Any case: /Manage/v1/keys is answered by this API (a 404 naming the canonical path), not the console.
  const path = pathOfTarget(target).toLowerCase();
  return path === managePrefix || path.startsWith(`${managePrefix}/`);
}

/** The endpoint a path after the prefix names, and its parameters. */
function endpointAt(path: string): { endpoint: Endpoint; params: string[] } | undefined {
  for (const endpoint of endpoints) {
    const match = endpoint.pattern.exec(path);
    if (match) return { endpoint, params: match.slice(1) };
  }
  return undefined;
}

/** The 404 for a path with no resource, naming the canonical spelling of a near miss in case. */
function notFound(prefix: string, path: string): PlainResponse {
  const [, collection = '', ...rest] = path.split('/');
  const canonical = ['', collection.toLowerCase(), ...rest].join('/');
  const hint =
    (prefix !== managePrefix || canonical !== path) && endpointAt(canonical)
      ? `; the canonical path is ${managePrefix}${canonical}`
      : '';
  return manageProblem('not-found', `No management resource at ${prefix}${path}${hint}`);
}

/** The Allow header of an endpoint: its methods, with HEAD wherever GET is (RFC 9110 §9.3.2). */
function allowOf(endpoint: Endpoint): string {
  return Object.keys(endpoint.methods)
    .flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))
    .join(', ');
}

/** Answers one request; never throws (a store that is out is 503, anything else 500). */
export async function handleManage(request: ManageRequest, deps: ManageDeps): Promise<PlainResponse> {
  const requestId = deps.requestId?.() ?? randomId('req_');
  let response: PlainResponse;
  try {
    response = await dispatch(request, deps, requestId);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    response =
      code === 'STORE_UNAVAILABLE'
        ? manageProblem('service-unavailable', 'Nothing was changed; retry after 1 s', {
            headers: { 'retry-after': '1' },
          })
        : manageProblem('internal-error', 'The request could not be completed; nothing was changed');
  }
  return withRequestId(response, requestId);
}

async function dispatch(request: ManageRequest, deps: ManageDeps, requestId: string): Promise<PlainResponse> {
  const method = request.method.toUpperCase();
  const full = pathOfTarget(request.path);
  const prefix = full.slice(0, managePrefix.length);
  const path = full.slice(managePrefix.length);
  if (method !== 'GET' && method !== 'HEAD' && request.crossSite !== null)
    return manageProblem('cross-site-request', request.crossSite);
  const found = prefix === managePrefix ? endpointAt(path) : undefined;
  if (!found) return notFound(prefix, path);
  const { endpoint } = found;
  const asked = method === 'HEAD' ? 'GET' : method;
  const scope = endpoint.methods[asked];
  if (scope === undefined) {
    const allow = allowOf(endpoint);
    return manageProblem('method-not-allowed', `Use ${allow}`, { headers: { allow } });
  }
  if (scope === null) return json(200, manageOpenApi(), { 'cache-control': 'public, max-age=300' });
  const principal = await authenticate(request, deps);
  if ('status' in principal) return principal;
  if (!principal.scopes.includes(scope)) {
    const detail =
      principal.actor.type === 'management_key'
        ? `This management key lacks the ${scope} scope`
        : scopeRefusal(principal, scope, asked === 'GET');
    return manageProblem('insufficient-scope', detail, {
      headers: { 'www-authenticate': challenge('insufficient_scope', detail, scope) },
    });
  }
  const { params } = found;
  if (asked === 'GET') {
    // a key or management key issued a moment ago through another server: read it before a 404
    if (namesUnknown(path, params, deps)) await readUnseen(deps.store);
    return readRoute(path, params, request.path, deps);
  }
  return writeRoute(asked, path, params, request, principal, deps, requestId);
}

/** The caller: a principal the transport set, or the management key its Bearer token names. */
async function authenticate(request: ManageRequest, deps: ManageDeps): Promise<Principal | PlainResponse> {
  if (request.principal) return request.principal;
  const credential = parseAuthorization(request.headers.authorization);
  if (credential.kind === 'missing') {
    const detail = request.signInAgainAt
      ? `Your console session has ended; sign in again at ${request.signInAgainAt}`
      : 'Send "Authorization: Bearer <management key>"';
    return manageProblem('unauthenticated', detail, { headers: { 'www-authenticate': challenge() } });
  }
  if (credential.kind === 'malformed')
    return manageProblem('invalid-request', credential.reason, {
      headers: { 'www-authenticate': challenge('invalid_request', credential.reason) },
    });
  const hashed = deps.sha256(credential.token);
  let key = deps.store.current().state.managementKeyByHash(hashed);
  if (!key) {
    await readUnseen(deps.store); // a management key made a moment ago, perhaps elsewhere
    key = deps.store.current().state.managementKeyByHash(hashed);
  }
  const reason = !key
    ? 'The management key is not recognised'
    : key.revoked_at !== null
      ? 'The management key has been revoked'
      : null;
  if (reason !== null || !key)
    return manageProblem('invalid-management-key', reason ?? '', {
      headers: { 'www-authenticate': challenge('invalid_token', reason ?? '') },
    });
  return { actor: { type: 'management_key', id: key.mk_id, name: key.name }, scopes: key.scopes };
}
