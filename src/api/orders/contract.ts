// The Orders API contract: request/response schemas, limits and problem types. The single source
// of truth for the handler, the OpenAPI document and every test. Imports neither Astro, MSW nor node.
import { z } from 'zod';

/** Bounds the spec leaves open (docs/decisions.md, "Orders API"). */
export const limits = {
  /** Largest request body accepted, in bytes (64 KiB); larger is 413 without reading it all. */
  maxBodyBytes: 64 * 1024,
  /** Lines per order. */
  minLines: 1,
  maxLines: 100,
  /** Quantity per line. */
  minQty: 1,
  maxQty: 1000,
  /** Length of customer and sku identifiers. */
  maxIdLength: 64,
  /** Length of an Idempotency-Key value. */
  maxIdempotencyKeyLength: 255,
  /** How long an Idempotency-Key is remembered, in milliseconds (24 h). */
  idempotencyWindowMs: 24 * 60 * 60 * 1000,
} as const;

/** Customer and sku identifiers: letters, digits, "_" and "-". */
export const identifierPattern = /^[A-Za-z0-9_-]+$/;

const identifier = z
  .string()
  .min(1, { error: 'must not be empty', abort: true })
  .max(limits.maxIdLength)
  .regex(identifierPattern, 'must contain only letters, digits, "_" and "-"');

/** One ordered item. */
export const orderLineSchema = z.strictObject({
  sku: identifier.describe('Item identifier (`sku_…`)'),
  qty: z.int().min(limits.minQty).max(limits.maxQty).describe('Quantity'),
});

/** Bounds of GET /v2/orders: how many orders a page holds. */
export const listLimits = { defaultLimit: 10, minLimit: 1, maxLimit: 100 } as const;

/** Body of POST /v2/orders. Unknown fields are rejected so typos do not pass silently. */
export const createOrderSchema = z.strictObject({
  customer: identifier.describe('Customer identifier (`cus_…`)'),
  lines: z.array(orderLineSchema).min(limits.minLines).max(limits.maxLines),
});

/** An order as returned by the API. */
export const orderSchema = z.strictObject({
  id: z
    .string()
    .regex(/^ord_[A-Za-z0-9]+$/)
    .describe('Order identifier (`ord_…`)'),
  customer: z.string().describe('The customer identifier that was sent'),
  lines: z.array(orderLineSchema),
  invoice: z.null().describe('Null on creation'),
  events: z.array(z.string()).describe('Event kinds raised by this operation'),
  livemode: z.boolean().describe('false for sandbox and staging keys (test mode)'),
  created_at: z.iso.datetime().describe('When the order was created (UTC)'),
});

/** A page of GET /v2/orders: the key's environment's orders, newest first. */
export const orderListSchema = z.strictObject({
  object: z.literal('list'),
  data: z.array(orderSchema).describe('Newest first (created_at, then id)'),
  has_more: z.boolean().describe('Older orders follow: ask again with starting_after = the last id'),
});

/** One problem inside a 4xx body: where (JSON Pointer into the request body) and what. */
export const problemDetailSchema = z.strictObject({
  pointer: z.string().describe('RFC 6901 JSON Pointer into the request body; "" is the whole body'),
  code: z.string(),
  detail: z.string(),
  parameter: z.string().optional().describe('The query parameter at fault (its pointer is then "")'),
});

/** RFC 9457 problem details, with our `code`, optional `errors`, and the request's id. */
export const problemSchema = z.object({
  type: z.url(),
  title: z.string(),
  status: z.int().min(400).max(599),
  detail: z.string(),
  code: z.string(),
  errors: z.array(problemDetailSchema).optional(),
  request_id: z
    .string()
    .regex(/^req_[A-Za-z0-9]+$/)
    .describe('The Request-Id of this answer: quote it when you ask about a request'),
});

/** Request body of POST /v2/orders. */
export type CreateOrder = z.infer<typeof createOrderSchema>;
/** One order line. */
export type OrderLine = z.infer<typeof orderLineSchema>;
/** An order as returned by the API. */
export type Order = z.infer<typeof orderSchema>;
/** A page of orders as returned by GET /v2/orders. */
export type OrderList = z.infer<typeof orderListSchema>;
/** A problem+json body as sent (with its request id). */
export type Problem = z.infer<typeof problemSchema>;
/** A problem+json body before its request id is stamped on (./respond.ts `withRequestId`). */
export type ProblemBody = Omit<Problem, 'request_id'>;
/** One entry of a problem's `errors`. */
export type ProblemDetail = z.infer<typeof problemDetailSchema>;

/** Base of every problem `type` URI; docs/decisions.md lists each one. */
export const problemBase = 'https://estate.example/problems/';

/** Every problem type the API answers with: slug → status and title. */
export const problemTypes = {
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  'invalid-request': { status: 400, title: 'Invalid request' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  'invalid-token': { status: 401, title: 'Invalid API key' },
  'insufficient-scope': { status: 403, title: 'Insufficient scope' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'route-retired': { status: 410, title: 'Route retired' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  'idempotency-key-in-use': { status: 409, title: 'Idempotency key in use' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'unsupported-content-encoding': { status: 415, title: 'Unsupported content encoding' },
  'expectation-failed': { status: 417, title: 'Expectation failed' },
  'validation-failed': { status: 422, title: 'Validation failed' },
  'unknown-customer': { status: 422, title: 'Unknown customer' },
  'unknown-sku': { status: 422, title: 'Unknown SKU' },
  'idempotency-key-reused': { status: 422, title: 'Idempotency key reused' },
  'rate-limited': { status: 429, title: 'Rate limit exceeded' },
  'quota-exceeded': { status: 429, title: 'Plan quota exceeded' },
  'headers-too-large': { status: 431, title: 'Request header fields too large' },
  'internal-error': { status: 500, title: 'Internal error' },
  'transfer-coding-not-implemented': { status: 501, title: 'Transfer coding not implemented' },
  'service-unavailable': { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

/** A problem type's slug. */
export type ProblemSlug = keyof typeof problemTypes;

/** Builds an RFC 9457 problem body. `code` is the slug in snake_case. */
export function problem(slug: ProblemSlug, detail: string, errors?: ProblemDetail[]): ProblemBody {
  const { status, title } = problemTypes[slug];
  const body: ProblemBody = {
    type: problemBase + slug,
    title,
    status,
    detail,
    code: slug.replaceAll('-', '_'),
  };
  if (errors) body.errors = errors;
  return body;
}

/** Scopes: creating needs orders:write, reading needs orders:read. */
export const scopes = { create: 'orders:write', read: 'orders:read' } as const;
