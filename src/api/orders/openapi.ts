// OpenAPI 3.1 document generated from the contract's zod schemas and the table of responses
// (./openapi-responses.ts): one source of truth, checked against every contract case.
import { z } from 'zod';
import {
  createOrderSchema,
  limits,
  listLimits,
  orderLineSchema,
  orderListSchema,
  orderSchema,
  problemDetailSchema,
  problemSchema,
} from './contract.ts';
import {
  createResponses,
  getResponses,
  headerSchemas,
  listResponses,
  openApiResponses,
  problemTypesOf,
  unmatchedResponses,
  type ResponseSpec,
} from './openapi-responses.ts';
import {
  createWebhookSchema,
  eventListSchema,
  eventSchema,
  webhookEndpointSchema,
  webhookListSchema,
  resendWebhookSchema,
  recoverWebhookSchema,
  webhookRequeueSchema,
} from './events/event-contract.ts';
import { eventPaths } from './events/openapi-events.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A response object: its headers (required or not) and, unless for HEAD, its body schema. */
function response(status: number, spec: ResponseSpec, success: object, withBody = true): object {
  const headers: Record<string, object> = {};
  for (const name of spec.always) headers[name] = { ...headerSchemas[name], required: true };
  for (const name of spec.sometimes ?? []) headers[name] = { ...headerSchemas[name], required: false };
  const types = problemTypesOf(spec);
  const schema =
    types.length === 0
      ? success
      : { allOf: [ref('Problem'), { properties: { type: { enum: types }, status: { const: status } } }] };
  const mediaType = types.length === 0 ? 'application/json' : 'application/problem+json';
  return {
    description: types.length === 0 ? 'Success' : `Problem: ${types.join(', ')}`,
    headers,
    ...(withBody ? { content: { [mediaType]: { schema } } } : {}),
  };
}

/** The responses of an operation, by status. */
function responses(specs: Record<number, ResponseSpec>, success: object = {}, withBody = true) {
  return Object.fromEntries(
    Object.entries(specs).map(([status, spec]) => [
      status,
      response(Number(status), spec, success, withBody),
    ]),
  );
}

function schemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  registry.add(orderLineSchema, { id: 'OrderLine' });
  registry.add(createOrderSchema, { id: 'CreateOrder' });
  registry.add(orderSchema, { id: 'Order' });
  registry.add(orderListSchema, { id: 'OrderList' });
  registry.add(problemDetailSchema, { id: 'ProblemDetail' });
  registry.add(problemSchema, { id: 'Problem' });
  registry.add(eventSchema, { id: 'Event' });
  registry.add(eventListSchema, { id: 'EventList' });
  registry.add(createWebhookSchema, { id: 'CreateWebhook' });
  registry.add(webhookEndpointSchema, { id: 'WebhookEndpoint' });
  registry.add(webhookListSchema, { id: 'WebhookEndpointList' });
  registry.add(resendWebhookSchema, { id: 'ResendWebhookEvent' });
  registry.add(recoverWebhookSchema, { id: 'RecoverWebhook' });
  registry.add(webhookRequeueSchema, { id: 'WebhookRequeue' });
  const { schemas: out } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'input',
  });
  for (const schema of Object.values(out)) delete (schema as { $schema?: string }).$schema;
  return out;
}

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const readOrder = {
  summary: "Read an order of the key's environment",
  parameters: [idParameter],
};
const readDocument = { summary: 'This document', security: [] };
const listQuery = [
  {
    name: 'limit',
    in: 'query',
    description: 'Orders per page',
    schema: {
      type: 'integer',
      minimum: listLimits.minLimit,
      maximum: listLimits.maxLimit,
      default: listLimits.defaultLimit,
    },
  },
  {
    name: 'starting_after',
    in: 'query',
    description: 'The last order id of the previous page: the page continues with older orders',
    schema: { type: 'string', pattern: '^ord_[A-Za-z0-9]+$' },
  },
  {
    name: 'customer',
    in: 'query',
    description: 'Only this customer’s orders',
    schema: { type: 'string', maxLength: limits.maxIdLength },
  },
];
const listOrders = {
  summary: "List the key's environment's orders, newest first (needs orders:read)",
  parameters: listQuery,
};

let cached: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document of the Orders API (built once). */
export function openApiDocument(): Record<string, unknown> {
  cached ??= {
    openapi: '3.1.1',
    info: {
      title: 'Estate Orders API',
      version: '2.0.0',
      description:
        `Create, list and read orders. Bodies up to ${limits.maxBodyBytes} bytes, JSON without repeated ` +
        'member names, uncoded. Errors are RFC 9457 problem+json; see docs/decisions.md "Orders ' +
        'API". A request that names no operation is answered as `x-unmatched-responses` says.',
    },
    // Absolute: the document is also a static file, away from any API. npm start's default shown.
    servers: [
      {
        url: '{scheme}://{host}',
        description: 'A running Estate server (it also serves this document at /v2/openapi.json)',
        variables: {
          scheme: { enum: ['http', 'https'], default: 'http' },
          host: { default: 'localhost:4321', description: 'host:port (npm start: HOST and PORT)' },
        },
      },
    ],
    security: [{ bearer: [] }],
    paths: {
      '/v2/orders': {
        get: {
          operationId: 'listOrders',
          ...listOrders,
          responses: responses(listResponses, ref('OrderList')),
        },
        head: { operationId: 'headOrders', ...listOrders, responses: responses(listResponses, {}, false) },
        post: {
          operationId: 'createOrder',
          summary: 'Create an order',
          parameters: [{ $ref: '#/components/parameters/Idempotency-Key' }],
          requestBody: { required: true, content: { 'application/json': { schema: ref('CreateOrder') } } },
          responses: responses(createResponses, ref('Order')),
        },
      },
      '/v2/orders/{id}': {
        get: { operationId: 'getOrder', ...readOrder, responses: responses(getResponses, ref('Order')) },
        head: { operationId: 'headOrder', ...readOrder, responses: responses(getResponses, {}, false) },
      },
      ...eventPaths(responses),
      '/v2/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          ...readDocument,
          responses: responses(openApiResponses, { type: 'object' }),
        },
        head: {
          operationId: 'headOpenApi',
          ...readDocument,
          responses: responses(openApiResponses, {}, false),
        },
      },
    },
    'x-unmatched-responses': responses(unmatchedResponses),
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
    },
  };
  return cached;
}
