// The events and webhooks routes in the OpenAPI document: their responses (as tables, like
// ../openapi-responses.ts) and their path items, built with the document's own response builder.
import { eventLimits } from './event-contract.ts';
import { listLimits } from '../contract.ts';
import type { ResponseSpec } from '../openapi-responses.ts';
import { createResponses, getResponses, listResponses } from '../openapi-responses.ts';

type Specs = Record<number, ResponseSpec>;
type Build = (specs: Specs, success?: object, withBody?: boolean) => object;

const plain: ResponseSpec['always'] = ['Request-Id', 'Cache-Control'];
const limited: ResponseSpec['always'] = [...plain, 'RateLimit-Policy', 'RateLimit'];
const notFound: ResponseSpec = {
  slugs: ['not-found'],
  always: plain,
  sometimes: ['RateLimit-Policy', 'RateLimit'],
};

/** GET /v2/events: a bad query is a 400 once the key is known. */
export const eventReadResponses: Specs = { ...listResponses, 404: notFound };

/**
 * GET /v2/events/{id}, /v2/orders/{id}/events and /v2/webhooks: they take no query, so any parameter
 * is a 400 once the key is known (a malformed credential is one before).
 */
export const eventGetResponses: Specs = {
  ...getResponses,
  400: {
    slugs: ['invalid-request'],
    always: plain,
    sometimes: ['RateLimit-Policy', 'RateLimit', 'WWW-Authenticate'],
  },
};

/** POST /v2/webhooks. */
export const webhookCreateResponses: Specs = {
  ...listResponses,
  200: undefined as never,
  201: { slugs: [], always: limited, sometimes: ['Idempotent-Replayed'] },
  400: {
    slugs: ['malformed-json', 'invalid-request'],
    always: plain,
    sometimes: ['RateLimit-Policy', 'RateLimit', 'WWW-Authenticate'],
  },
  404: notFound,
  408: { slugs: ['request-timeout'], always: limited },
  413: { slugs: ['payload-too-large'], always: limited },
  // The body checks an order's get (../body-checks.ts), so its 415s too.
  415: createResponses[415] as ResponseSpec,
  501: createResponses[501] as ResponseSpec,
  422: { slugs: ['validation-failed', 'idempotency-key-reused'], always: limited },
};
delete webhookCreateResponses[200];

/** POST /v2/webhooks/{id}/resend and /recover: a body like a create's, answered 202. */
export const webhookRequeueResponses: Specs = {
  ...webhookCreateResponses,
  201: undefined as never,
  202: { slugs: [], always: limited },
  422: { slugs: ['validation-failed'], always: limited },
};
delete webhookRequeueResponses[201];

/** DELETE /v2/webhooks/{id}. */
export const webhookChangeResponses: Specs = { ...listResponses, 404: notFound };

/**
 * POST /v2/webhooks/{id}/roll-secret: no body, or `{}` checked as a create's (a member is a 422), and
 * a 422 when as many secrets as allowed sign already.
 */
export const webhookRollResponses: Specs = {
  ...webhookCreateResponses,
  201: undefined as never,
  200: { slugs: [], always: limited },
  422: { slugs: ['validation-failed'], always: limited },
};
delete webhookRollResponses[201];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pathId = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const eventQuery = [
  {
    name: 'limit',
    in: 'query',
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
    description: 'The last event id of the previous page',
    schema: { type: 'string', pattern: '^evt_[A-Za-z0-9]+$' },
  },
  { name: 'type', in: 'query', description: 'Only events of this type', schema: { type: 'string' } },
  ...['gte', 'gt', 'lt', 'lte'].map((op) => ({
    name: `created[${op}]`,
    in: 'query',
    description: 'Bound on `created`: a date (its midnight UTC), a date-time with an offset, or Unix seconds',
    schema: { type: 'string' },
  })),
  {
    name: 'delivery_success',
    in: 'query',
    description: 'true: every delivery succeeded; false: some are pending or failed',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
];

/** Read operations answer GET and HEAD alike. */
function readable(
  id: string,
  summary: string,
  parameters: object[],
  specs: Specs,
  success: object,
  build: Build,
) {
  return {
    get: { operationId: id, summary, parameters, responses: build(specs, success) },
    head: {
      operationId: `head${id[0]?.toUpperCase() ?? ''}${id.slice(1)}`,
      summary,
      parameters,
      responses: build(specs, {}, false),
    },
  };
}

/** The path items of the events and webhooks routes. */
export function eventPaths(build: Build): Record<string, object> {
  const orderId = pathId('id', 'The order');
  const webhookId = pathId('id', 'The webhook endpoint (`we_…`)');
  return {
    '/v2/orders/{id}/events': readable(
      'listOrderEvents',
      "The order's events (needs orders:read)",
      [orderId],
      eventGetResponses,
      ref('EventList'),
      build,
    ),
    '/v2/events': readable(
      'listEvents',
      "The key's environment's events, newest first (needs events:read)",
      eventQuery,
      eventReadResponses,
      ref('EventList'),
      build,
    ),
    '/v2/events/{id}': readable(
      'getEvent',
      'One event (needs events:read)',
      [pathId('id', 'The event (`evt_…`)')],
      eventGetResponses,
      ref('Event'),
      build,
    ),
    '/v2/webhooks': {
      ...readable(
        'listWebhooks',
        "The environment's endpoints, without secrets (needs webhooks:read)",
        [],
        eventGetResponses,
        ref('WebhookEndpointList'),
        build,
      ),
      post: {
        operationId: 'createWebhook',
        summary: `Register an endpoint (needs webhooks:write; at most ${eventLimits.maxEndpoints} per environment); the secret is shown once, and not in an Idempotency-Key replay`,
        parameters: [{ $ref: '#/components/parameters/Idempotency-Key' }],
        requestBody: { required: true, content: { 'application/json': { schema: ref('CreateWebhook') } } },
        responses: build(webhookCreateResponses, ref('WebhookEndpoint')),
      },
    },
    '/v2/webhooks/{id}': {
      delete: {
        operationId: 'deleteWebhook',
        summary: 'Delete an endpoint: deliveries to it stop (needs webhooks:write)',
        parameters: [webhookId],
        responses: build(webhookChangeResponses, { type: 'object', required: ['id', 'deleted'] }),
      },
    },
    '/v2/webhooks/{id}/roll-secret': {
      post: {
        operationId: 'rollWebhookSecret',
        summary: `A new secret, shown once; the old one also signs for ${eventLimits.rollOverlapMs / 3_600_000} h; at most ${eventLimits.maxSigningSecrets} sign at once (needs webhooks:write)`,
        parameters: [webhookId],
        requestBody: {
          required: false,
          description: 'None, or an empty object',
          content: { 'application/json': { schema: { type: 'object', additionalProperties: false } } },
        },
        responses: build(webhookRollResponses, ref('WebhookEndpoint')),
      },
    },
    '/v2/webhooks/{id}/resend': {
      post: {
        operationId: 'resendWebhookEvent',
        summary:
          'Send one event to the endpoint again, from attempt 1; enables a disabled endpoint (needs webhooks:write)',
        parameters: [webhookId],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('ResendWebhookEvent') } },
        },
        responses: build(webhookRequeueResponses, ref('WebhookRequeue')),
      },
    },
    '/v2/webhooks/{id}/recover': {
      post: {
        operationId: 'recoverWebhook',
        summary: `Send again every event since \`since\` the endpoint has not received nor waits for (at most ${eventLimits.maxRecovered}); enables a disabled endpoint (needs webhooks:write)`,
        parameters: [webhookId],
        requestBody: { required: true, content: { 'application/json': { schema: ref('RecoverWebhook') } } },
        responses: build(webhookRequeueResponses, ref('WebhookRequeue')),
      },
    },
  };
}
