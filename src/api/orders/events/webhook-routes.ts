// POST /v2/webhooks (register: the `whsec_` secret is shown once), GET /v2/webhooks, DELETE
// /v2/webhooks/{id} and POST /v2/webhooks/{id}/roll-secret (a new secret; the old one keeps signing
// for eventLimits.rollOverlapMs). Each sees only its key's environment's endpoints.
import { limits } from '../contract.ts';
import type { KeyRecord, OrdersDeps, WebhookAddOutcome, WebhookEndpoint, WebhookStore } from '../deps.ts';
import { parseIdempotencyKey } from '../idempotency-key.ts';
import { randomId } from '../ids.ts';
import { badListQuery, queryProblems } from '../list-query.ts';
import type { PlainRequest, PlainResponse } from '../plain.ts';
import { json, problemResponse } from '../respond.ts';
import { createWebhookSchema, eventLimits } from './event-contract.ts';
import { canonicalEndpointUrl, endpointUrlProblem } from './endpoint-url.ts';
import { jsonBodyOf, noBodyOf } from './json-body.ts';
import { webhookBody } from './order-event.ts';

type WebhookDeps = OrdersDeps & { webhooks: WebhookStore };

/** A new signing secret: `whsec_` and 24 random bytes in base64 (Standard Webhooks). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `whsec_${btoa(binary)}`;
}

/** POST /v2/webhooks. */
export async function createWebhook(
  request: PlainRequest,
  key: KeyRecord,
  deps: WebhookDeps,
  nowMs: number,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const idempotency = parseIdempotencyKey(request.headers['idempotency-key']);
  if (idempotency.kind === 'invalid') return problemResponse('invalid-request', idempotency.reason, headers);
  const body = await jsonBodyOf(request, createWebhookSchema, headers);
  if (!('value' in body)) return body;
  const parsed = { data: body.value };
  const livemode = key.environment === 'production';
  // The server's check is the whole rule (the URL as written, with its override, then every
  // address the name resolves to); without one, the URL as written under the default rule.
  const refusal = deps.checkWebhookUrl
    ? await deps.checkWebhookUrl(parsed.data.url, livemode)
    : endpointUrlProblem(parsed.data.url, livemode);
  if (refusal !== null)
    return problemResponse('validation-failed', refusal, headers, [
      { pointer: '/url', code: 'unsafe_url', detail: refusal },
    ]);
  const endpoint: WebhookEndpoint = {
    id: deps.ids.webhookId?.() ?? randomId('we_'),
    url: canonicalEndpointUrl(parsed.data.url),
    description: parsed.data.description ?? '',
    enabled_events: [...new Set(parsed.data.enabled_events)],
    environment: key.environment,
    livemode,
    status: 'enabled',
    disabled_reason: null,
    created: new Date(nowMs).toISOString(),
    key_id: key.key_id,
    secrets: [{ secret: deps.ids.webhookSecret?.() ?? newSecret(), expires_at: null }],
    idempotency:
      idempotency.kind === 'key'
        ? { key: idempotency.key, sha256: await deps.sha256(JSON.stringify(body.value)) }
        : null,
  };
  const added = await deps.webhooks.add(
    endpoint,
    eventLimits.maxEndpoints,
    nowMs - limits.idempotencyWindowMs,
  );
  return addedAnswer(added, endpoint, headers);
}

/** The answer to a registration as the store took it (see WebhookStore.add). */
function addedAnswer(
  added: WebhookAddOutcome,
  endpoint: WebhookEndpoint,
  headers: Record<string, string>,
): PlainResponse {
  if (added.kind === 'full') {
    const detail = `An environment has at most ${eventLimits.maxEndpoints} endpoints`;
    return problemResponse('validation-failed', detail, headers, [
      { pointer: '', code: 'too_many_endpoints', detail },
    ]);
  }
  if (added.kind === 'added') return json(201, webhookBody(endpoint, true), headers);
  if (added.endpoint.idempotency?.sha256 !== endpoint.idempotency?.sha256)
    return problemResponse(
      'idempotency-key-reused',
      'This Idempotency-Key was used with a different body',
      headers,
    );
  // The secret is shown once, at registration: a replay has none (roll it if it was lost).
  return json(201, webhookBody(added.endpoint), { ...headers, 'idempotent-replayed': 'true' });
}

/** GET /v2/webhooks: the environment's endpoints, oldest first, without secrets. */
export async function listWebhooks(
  target: string,
  key: KeyRecord,
  webhooks: WebhookStore,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const refused = queryProblems(target);
  if (refused.length > 0) return badListQuery(refused, headers);
  const endpoints = await webhooks.list(key.environment);
  return json(200, { object: 'list', data: endpoints.map((e) => webhookBody(e)), has_more: false }, headers);
}

/** The endpoint `id` of the key's environment, if there is one. */
export async function ownEndpoint(id: string, key: Pick<KeyRecord, 'environment'>, webhooks: WebhookStore) {
  const endpoint = /^we_[A-Za-z0-9]+$/.test(id) ? await webhooks.get(id) : undefined;
  return endpoint?.environment === key.environment ? endpoint : undefined;
}

/** DELETE /v2/webhooks/{id}: deliveries to it stop. */
export async function deleteWebhook(
  id: string,
  key: KeyRecord,
  webhooks: WebhookStore,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  if (!(await ownEndpoint(id, key, webhooks)))
    return problemResponse('not-found', `No webhook endpoint ${id} in this key's environment`, headers);
  await webhooks.remove(id);
  return json(200, { id, object: 'webhook_endpoint', deleted: true }, headers);
}

/** POST /v2/webhooks/{id}/roll-secret: a new secret, shown once; both sign during the overlap. */
export async function rollWebhookSecret(
  request: PlainRequest,
  id: string,
  key: KeyRecord,
  deps: WebhookDeps,
  nowMs: number,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const refusedBody = await noBodyOf(request, headers);
  if (refusedBody) return refusedBody;
  const missing = () =>
    problemResponse('not-found', `No webhook endpoint ${id} in this key's environment`, headers);
  if (!(await ownEndpoint(id, key, deps.webhooks))) return missing();
  const secret = deps.ids.webhookSecret?.() ?? newSecret();
  let full: string | null = null;
  // Read, checked and written as one step with any other roll or delete of the endpoint.
  const rolled = await deps.webhooks.update(id, (endpoint) => {
    const until = new Date(nowMs + eventLimits.rollOverlapMs).toISOString();
    const kept = endpoint.secrets
      .filter((s) => s.expires_at === null || Date.parse(s.expires_at) > nowMs)
      .map((s) => ({ secret: s.secret, expires_at: s.expires_at ?? until }));
    // Refused, not the oldest dropped: a receiver still on it keeps working through its overlap.
    if (kept.length >= eventLimits.maxSigningSecrets) full = kept.map((s) => s.expires_at).sort()[0] ?? until;
    return full === null ? { ...endpoint, secrets: [{ secret, expires_at: null }, ...kept] } : null;
  });
  if (rolled === undefined) return missing();
  if (rolled === null) {
    const detail = `An endpoint signs with at most ${eventLimits.maxSigningSecrets} secrets at once; roll again after ${full ?? ''}, when the oldest previous secret stops signing`;
    return problemResponse('validation-failed', detail, headers, [
      { pointer: '', code: 'too_many_secrets', detail },
    ]);
  }
  return json(200, webhookBody(rolled, true), headers);
}
