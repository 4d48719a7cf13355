// The events and webhooks contract: schemas of an event, a page of events, a webhook endpoint and
// the body that registers one, the event types and the scopes. Imports neither Astro, MSW nor node.
import { z } from 'zod';
import { isoInstantMs } from '../../../lib/instant.ts';
import { orderSchema } from '../contract.ts';
import { readableText, typableText } from '../plain-text.ts';

/** Every event type a caller can subscribe to. */
export const eventTypes = ['order.created', 'endpoint.disabled', 'key.revoked', 'key.rolled'] as const;

/** Scopes of the events and webhooks routes. */
export const eventScopes = {
  /** GET /v2/events; GET /v2/orders/{id}/events needs orders:read, as the order does. */
  readEvents: 'events:read',
  readWebhooks: 'webhooks:read',
  writeWebhooks: 'webhooks:write',
} as const;

/** Bounds of the events and webhooks routes. */
export const eventLimits = {
  maxUrlLength: 2048,
  maxDescriptionLength: 500,
  /** Endpoints per environment. */
  maxEndpoints: 16,
  /** Events one recover call queues again, at most. */
  maxRecovered: 10_000,
  /** How long the old secret keeps signing after a roll (ms): 24 h, as Svix. */
  rollOverlapMs: 24 * 60 * 60 * 1000,
  /** Secrets signing at once: the current and 2 previous in their overlap (docs/decisions.md). */
  maxSigningSecrets: 3,
} as const;

/** An event as returned by the API (and as a webhook's body). */
export const eventSchema = z.strictObject({
  id: z
    .string()
    .regex(/^evt_[A-Za-z0-9]+$/)
    .describe('Event identifier (`evt_…`): the `webhook-id` of its deliveries'),
  object: z.literal('event'),
  type: z.string().describe('What happened, e.g. `order.created`'),
  created: z.iso.datetime().describe('When it happened (UTC)'),
  livemode: z.boolean(),
  data: z.strictObject({
    object: z
      .union([orderSchema, z.record(z.string(), z.unknown())])
      .describe('The object as the API returns it'),
  }),
  request: z
    .strictObject({
      id: z.string().nullable().describe('The Request-Id of the call that caused it'),
      idempotency_key: z.string().nullable(),
    })
    .describe('The API call that caused it; null ids when no call did'),
});

/** A page of GET /v2/events or GET /v2/orders/{id}/events, newest first. */
export const eventListSchema = z.strictObject({
  object: z.literal('list'),
  data: z.array(eventSchema),
  has_more: z.boolean(),
});

/** Body of POST /v2/webhooks. */
export const createWebhookSchema = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(eventLimits.maxUrlLength)
    .regex(readableText.pattern, readableText.message)
    .describe(
      'Where deliveries are POSTed: an http(s) URL without blanks, credentials or fragment, port 1–65535; stored and returned as its canonical form (lower-case scheme, punycode host)',
    ),
  enabled_events: z
    .array(z.enum([...eventTypes, '*']))
    .min(1)
    .max(eventTypes.length + 1)
    .describe('Event types to receive; `*` for every type'),
  description: z
    .string()
    .max(eventLimits.maxDescriptionLength)
    // Shown in the console's endpoint lists: nothing invisible, as the management API's names.
    .regex(typableText.pattern, typableText.message)
    .optional(),
});

/** Body of POST /v2/webhooks/{id}/resend: the event to send the endpoint again. */
export const resendWebhookSchema = z.strictObject({
  event_id: z
    .string()
    .regex(/^evt_[A-Za-z0-9]+$/, 'must be an event id (evt_…)')
    .describe("An event of the endpoint's environment, of a type it receives"),
});

/** What a valid `since` is, said whatever was wrong with it (a union's own words say nothing). */
const sinceError =
  'must be an ISO 8601 date (2026-11-27, its midnight UTC) or date-time with an offset (2026-11-27T09:00:00Z), or Unix seconds (a whole number ≥ 0)';

/** Body of POST /v2/webhooks/{id}/recover: resend every event not delivered since a time. */
export const recoverWebhookSchema = z.strictObject({
  since: z
    .union(
      [
        // Read as GET /v2/events reads its created[…] bounds (src/lib/instant.ts).
        z.string().refine((text) => !Number.isNaN(isoInstantMs(text)), { error: sinceError }),
        z.int({ error: sinceError }).min(0),
      ],
      { error: sinceError },
    )
    .describe(
      'An ISO 8601 date (its midnight UTC) or date-time with an offset, or Unix seconds; not in the future',
    ),
});

/** The instant a valid recover `since` names, in ms. */
export function sinceMs(since: z.infer<typeof recoverWebhookSchema>['since']): number {
  return typeof since === 'number' ? since * 1000 : isoInstantMs(since);
}

/** What resend and recover answer (202): how many deliveries were queued again. */
export const webhookRequeueSchema = z.strictObject({
  object: z.literal('webhook_requeue'),
  endpoint_id: z.string(),
  queued: z.int().min(0).describe('Deliveries queued again, each from attempt 1'),
  event_ids: z.array(z.string()).describe('The first 100 events queued, newest first'),
  enabled: z.boolean().describe('Whether a disabled endpoint was enabled again by this call'),
});

/** A webhook endpoint as returned; `secret` only in the answer that created or rolled it. */
export const webhookEndpointSchema = z.strictObject({
  id: z.string().regex(/^we_[A-Za-z0-9]+$/),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  description: z.string(),
  enabled_events: z.array(z.string()),
  livemode: z.boolean(),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable(),
  created: z.iso.datetime(),
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/)
    .optional()
    .describe('The signing secret, shown once'),
});

/** GET /v2/webhooks. */
export const webhookListSchema = z.strictObject({
  object: z.literal('list'),
  data: z.array(webhookEndpointSchema),
  has_more: z.boolean(),
});

/** An event as returned. */
export type ApiEvent = z.infer<typeof eventSchema>;
/** The body that registers an endpoint. */
export type CreateWebhook = z.infer<typeof createWebhookSchema>;
/** An endpoint as returned. */
export type ApiWebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
