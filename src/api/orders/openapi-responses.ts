// Every response the API sends, per operation: status, the problem types it can carry, and which
// headers are always sent and which only sometimes (RateLimit only once a key is recognised). The
// OpenAPI document is built from this table, and a test holds every contract case to it.
import { problemBase, type ProblemSlug } from './contract.ts';

/** A response header the API sends (transport headers such as Date or Content-Length aside). */
export type HeaderName =
  | 'Request-Id'
  | 'Cache-Control'
  | 'RateLimit-Policy'
  | 'RateLimit'
  | 'Retry-After'
  | 'WWW-Authenticate'
  | 'Allow'
  | 'Location'
  | 'Idempotent-Replayed'
  | 'Accept-Post'
  | 'Accept-Encoding'
  | 'X-Served-By';

/** One status of an operation: its problem types (none for a success) and its headers. */
export interface ResponseSpec {
  slugs: ProblemSlug[];
  /** Sent with every response of this status. */
  always: HeaderName[];
  /** Sent with some (e.g. RateLimit where the key was recognised before the refusal). */
  sometimes?: HeaderName[];
}

/** Each header's description and value schema. */
export const headerSchemas: Record<HeaderName, { description: string; schema: object }> = {
  'Request-Id': {
    description: 'This answer’s id, also `request_id` in a problem body and the key of its request-log entry',
    schema: { type: 'string', pattern: '^req_[A-Za-z0-9]+$' },
  },
  'Cache-Control': { description: 'no-store, except the OpenAPI document', schema: { type: 'string' } },
  'RateLimit-Policy': {
    description: 'draft-ietf-httpapi-ratelimit-headers policy: the key’s requests per minute',
    schema: { type: 'string', pattern: '^"rpm";q=\\d+;w=60$', example: '"rpm";q=60;w=60' },
  },
  RateLimit: {
    description: 'draft-ietf-httpapi-ratelimit-headers: requests left, seconds to the next window',
    schema: { type: 'string', pattern: '^"rpm";r=\\d+;t=\\d+$', example: '"rpm";r=59;t=42' },
  },
  'Retry-After': { description: 'Seconds to wait', schema: { type: 'string', pattern: '^\\d+$' } },
  'WWW-Authenticate': {
    description: 'RFC 6750 Bearer challenge',
    schema: { type: 'string', pattern: '^Bearer realm="estate"' },
  },
  Allow: { description: 'The methods the resource answers', schema: { type: 'string' } },
  Location: {
    description: 'The order',
    schema: { type: 'string', pattern: '^/v2/orders/ord_[A-Za-z0-9]+$' },
  },
  'Idempotent-Replayed': {
    description: '"true" when a repeated Idempotency-Key replays the first response',
    schema: { type: 'string', const: 'true' },
  },
  'Accept-Post': { description: 'The media type to send (415 for a media type)', schema: { type: 'string' } },
  'Accept-Encoding': {
    description: 'RFC 9110 §12.5.3: only uncoded bodies (415 for a Content-Encoding)',
    schema: { type: 'string', const: 'identity' },
  },
  'X-Served-By': {
    description: 'estate-orders-api: a live API answered, not a static file',
    schema: { type: 'string', const: 'estate-orders-api' },
  },
};

const plain: HeaderName[] = ['Request-Id', 'Cache-Control'];
const limited: HeaderName[] = [...plain, 'RateLimit-Policy', 'RateLimit'];

const unauthenticated: ResponseSpec = {
  slugs: ['unauthenticated', 'invalid-token'],
  always: [...plain, 'WWW-Authenticate'],
};
const forbidden: ResponseSpec = { slugs: ['insufficient-scope'], always: [...limited, 'WWW-Authenticate'] };
const expectation: ResponseSpec = { slugs: ['expectation-failed'], always: plain };
const internal: ResponseSpec = { slugs: ['internal-error'], always: plain };
const unavailable: ResponseSpec = { slugs: ['service-unavailable'], always: [...plain, 'Retry-After'] };
// A route the management API deprecated, past its sunset (the body names the audit entry).
const retired: ResponseSpec = { slugs: ['route-retired'], always: plain };
const throttled: ResponseSpec = {
  slugs: ['rate-limited', 'quota-exceeded'],
  always: [...limited, 'Retry-After'],
};

// A body in a transfer coding besides chunked (RFC 9112 §6.1).
const codedBody: ResponseSpec = { slugs: ['transfer-coding-not-implemented'], always: limited };

/** POST /v2/orders. */
export const createResponses: Record<number, ResponseSpec> = {
  201: { slugs: [], always: [...limited, 'Location'], sometimes: ['Idempotent-Replayed'] },
  400: {
    slugs: ['malformed-json', 'invalid-request'],
    always: plain,
    sometimes: ['RateLimit-Policy', 'RateLimit', 'WWW-Authenticate'],
  },
  401: unauthenticated,
  403: forbidden,
  408: { slugs: ['request-timeout'], always: limited },
  409: { slugs: ['idempotency-key-in-use'], always: limited },
  413: { slugs: ['payload-too-large'], always: limited },
  415: {
    slugs: ['unsupported-media-type', 'unsupported-content-encoding'],
    always: limited,
    sometimes: ['Accept-Post', 'Accept-Encoding'],
  },
  410: retired,
  417: expectation,
  422: {
    slugs: ['validation-failed', 'unknown-customer', 'unknown-sku', 'idempotency-key-reused'],
    always: limited,
  },
  429: throttled,
  500: internal,
  501: codedBody,
  503: unavailable,
};

/** GET and HEAD /v2/orders: a page of the key's environment's orders. */
export const listResponses: Record<number, ResponseSpec> = {
  200: { slugs: [], always: limited },
  // A bad query (limit, starting_after, customer) once the key is known; a malformed credential before.
  400: {
    slugs: ['invalid-request'],
    always: plain,
    sometimes: ['RateLimit-Policy', 'RateLimit', 'WWW-Authenticate'],
  },
  401: unauthenticated,
  403: forbidden,
  410: retired,
  417: expectation,
  429: throttled,
  500: internal,
  503: unavailable,
};

/** GET and HEAD /v2/orders/{id}. */
export const getResponses: Record<number, ResponseSpec> = {
  200: { slugs: [], always: limited },
  // A malformed credential (not rate-limited), or a query parameter (it takes none; rate-limited).
  400: {
    slugs: ['invalid-request'],
    always: plain,
    sometimes: ['WWW-Authenticate', 'RateLimit-Policy', 'RateLimit'],
  },
  401: unauthenticated,
  403: forbidden,
  // Not found in the key's environment (rate-limited), or another spelling of the path (not).
  404: { slugs: ['not-found'], always: plain, sometimes: ['RateLimit-Policy', 'RateLimit'] },
  410: retired,
  417: expectation,
  429: throttled,
  500: internal,
  503: unavailable,
};

/** GET and HEAD /v2/openapi.json. */
export const openApiResponses: Record<number, ResponseSpec> = {
  200: { slugs: [], always: [...plain, 'X-Served-By'] },
  417: expectation,
  500: internal,
  503: unavailable,
};

/**
 * Answers to requests that name no operation: an unknown path or another spelling of one (404),
 * a wrong method (405), a path with a bad escape or a request node cannot parse (400), headers too
 * slow (408) or too large (431), an Expect other than 100-continue (417).
 */
export const unmatchedResponses: Record<number, ResponseSpec> = {
  400: { slugs: ['invalid-request'], always: plain },
  404: { slugs: ['not-found'], always: plain },
  405: { slugs: ['method-not-allowed'], always: [...plain, 'Allow'] },
  408: { slugs: ['request-timeout'], always: plain },
  417: expectation,
  431: { slugs: ['headers-too-large'], always: plain },
  500: internal,
  503: unavailable,
};

/** The `type` URIs of a response's problem types. */
export function problemTypesOf(spec: ResponseSpec): string[] {
  return spec.slugs.map((slug) => problemBase + slug);
}
