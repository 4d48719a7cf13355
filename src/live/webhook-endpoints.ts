// What the console reads of the running API's webhook endpoints and does to them: every endpoint
// with its consumer and backlog (the consumer pages, the Overview's alerts), one endpoint's attempt
// log, and Resend and Recover, run through the same route functions as POST
// /v2/webhooks/{id}/resend and /recover (the console's session and CSRF check stand in for a key).
import type { Clock, EventStore, KeyRecord, WebhookEndpoint, WebhookStore } from '../api/orders/deps.ts';
import type {
  DeliveryAttempt,
  DeliveryBacklog,
  EndpointDeliveries,
} from '../api/orders/events/endpoint-deliveries.ts';
import { recoverWebhook, resendWebhookEvent } from '../api/orders/events/webhook-recovery.ts';

/** An endpoint as the console lists it: never its secrets. */
export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  enabled_events: string[];
  environment: KeyRecord['environment'];
  status: WebhookEndpoint['status'];
  disabled_reason: string | null;
  created: string;
  key_id: string;
  /** The consumer whose key registered it, when the key names one. */
  consumer: { consumer_id: string; name: string } | null;
  backlog: DeliveryBacklog;
  /** Its latest attempt, if any. */
  last_attempt: DeliveryAttempt | null;
}

/** What Resend or Recover answered: how many deliveries were queued, or why none. */
export type RequeueAnswer =
  { ok: true; queued: number; enabled: boolean } | { ok: false; status: number; detail: string };

/** The console's view of the endpoints, and its two actions. */
export interface WebhookEndpointsConsole {
  /** Every endpoint of every environment, oldest first. */
  list(): Promise<EndpointRow[]>;
  get(id: string): Promise<EndpointRow | null>;
  /** Its latest attempts, newest first. */
  attempts(id: string, limit: number): Promise<DeliveryAttempt[]>;
  resend(id: string, eventId: string): Promise<RequeueAnswer>;
  recover(id: string, since: string): Promise<RequeueAnswer>;
}

/** What the console's view is made over: the API's stores and queue, and who owns each key. */
export interface EndpointsConsoleDeps {
  events: EventStore;
  webhooks: WebhookStore;
  deliveries: EndpointDeliveries;
  clock: Clock;
  consumerOfKey: (keyId: string) => { consumer_id: string; name: string } | null;
}

const environments: KeyRecord['environment'][] = ['sandbox', 'staging', 'production'];

/** The console's view over the running API. */
export function endpointsConsole(deps: EndpointsConsoleDeps): WebhookEndpointsConsole {
  const row = async (e: WebhookEndpoint): Promise<EndpointRow> => ({
    id: e.id,
    url: e.url,
    description: e.description,
    enabled_events: e.enabled_events,
    environment: e.environment,
    status: e.status,
    disabled_reason: e.disabled_reason,
    created: e.created,
    key_id: e.key_id,
    consumer: deps.consumerOfKey(e.key_id),
    backlog: await deps.deliveries.backlog(e.id),
    last_attempt: (await deps.deliveries.attempts(e.id, 1))[0] ?? null,
  });
  const requeue = async (
    id: string,
    body: unknown,
    route: typeof resendWebhookEvent,
  ): Promise<RequeueAnswer> => {
    const endpoint = await deps.webhooks.get(id);
    if (!endpoint) return { ok: false, status: 404, detail: `No webhook endpoint ${id}` };
    const request = {
      method: 'POST',
      path: `/v2/webhooks/${id}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
    const answer = await route(id, request, endpoint, deps, {});
    const parsed = JSON.parse(answer.body) as {
      queued?: number;
      enabled?: boolean;
      detail?: string;
      errors?: { detail: string }[];
    };
    if (answer.status === 202)
      return { ok: true, queued: parsed.queued ?? 0, enabled: parsed.enabled === true };
    const detail = parsed.errors?.map((e) => e.detail).join('; ') || parsed.detail || 'Refused';
    return { ok: false, status: answer.status, detail };
  };
  return {
    list: async () => {
      const all = (await Promise.all(environments.map(async (env) => deps.webhooks.list(env)))).flat();
      return Promise.all(all.map(row));
    },
    get: async (id) => {
      const endpoint = /^we_[A-Za-z0-9]+$/.test(id) ? await deps.webhooks.get(id) : undefined;
      return endpoint ? row(endpoint) : null;
    },
    attempts: async (id, limit) => deps.deliveries.attempts(id, limit),
    resend: (id, eventId) => requeue(id, { event_id: eventId }, resendWebhookEvent),
    recover: (id, since) => requeue(id, { since }, recoverWebhook),
  };
}
