// OpenAPI 3.1 document generated from the contract's zod schemas (one source of truth).
import { z } from 'zod';
import {
  createOrderSchema,
  limits,
  orderLineSchema,
  orderSchema,
  problemBase,
  problemDetailSchema,
  problemSchema,
  problemTypes,
} from './contract.ts';

const header = (description: string, example?: string) => ({
  description,
  schema: { type: 'string', example },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const problemContent = { 'application/problem+json': { schema: ref('Problem') } };
const limited = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

function problemsFor(statuses: number[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of statuses) {
    const slugs = Object.entries(problemTypes)
      .filter(([, t]) => t.status === status)
      .map(([slug]) => problemBase + slug);
    out[String(status)] = {
      description: `Problem: ${slugs.join(', ')}`,
      headers:
        status === 401 || status === 403
          ? { ...limited, 'WWW-Authenticate': header('RFC 6750 challenge') }
          : status === 429
            ? { ...limited, 'Retry-After': header('Seconds') }
            : status === 503
              ? { 'Retry-After': header('Seconds') }
              : limited,
      content: problemContent,
    };
  }
  return out;
}

function schemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  registry.add(orderLineSchema, { id: 'OrderLine' });
  registry.add(createOrderSchema, { id: 'CreateOrder' });
  registry.add(orderSchema, { id: 'Order' });
  registry.add(problemDetailSchema, { id: 'ProblemDetail' });
  registry.add(problemSchema, { id: 'Problem' });
  const { schemas: out } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'input',
  });
  for (const schema of Object.values(out)) delete (schema as { $schema?: string }).$schema;
  return out;
}

let cached: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document of the Orders API (built once). */
export function openApiDocument(): Record<string, unknown> {
  cached ??= {
    openapi: '3.1.1',
    info: {
      title: 'Estate Orders API',
      version: '2.0.0',
      description: `Create and read orders. Bodies up to ${limits.maxBodyBytes} bytes. Errors are RFC 9457 problem+json; see docs/decisions.md "Orders API".`,
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths: {
      '/v2/orders': {
        post: {
          operationId: 'createOrder',
          summary: 'Create an order',
          parameters: [{ $ref: '#/components/parameters/Idempotency-Key' }],
          requestBody: { required: true, content: { 'application/json': { schema: ref('CreateOrder') } } },
          responses: {
            '201': {
              description: 'Created (or replayed for a repeated Idempotency-Key)',
              headers: {
                ...limited,
                Location: header('/v2/orders/{id}'),
                'Idempotent-Replayed': header('"true" on a replay'),
              },
              content: { 'application/json': { schema: ref('Order') } },
            },
            ...problemsFor([400, 401, 403, 409, 413, 415, 422, 429, 500, 503]),
          },
        },
      },
      '/v2/orders/{id}': {
        get: {
          operationId: 'getOrder',
          summary: "Read an order of the key's environment",
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'The order',
              headers: limited,
              content: { 'application/json': { schema: ref('Order') } },
            },
            ...problemsFor([400, 401, 403, 404, 429, 500, 503]),
          },
        },
      },
      '/v2/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          summary: 'This document',
          security: [],
          responses: {
            '200': {
              description: 'OpenAPI 3.1',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: schemas(),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A scoped API key, e.g. sk_test_…' },
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Replays the first response for ${limits.idempotencyWindowMs / 3_600_000} h`,
          schema: { type: 'string', minLength: 1, maxLength: limits.maxIdempotencyKeyLength + 2 },
        },
      },
      headers: {
        'RateLimit-Policy': header('draft-ietf-httpapi-ratelimit-headers policy', '"rpm";q=60;w=60'),
        RateLimit: header('draft-ietf-httpapi-ratelimit-headers state', '"rpm";r=59;t=42'),
      },
    },
  };
  return cached;
}
