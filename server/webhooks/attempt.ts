// One delivery attempt, sent and judged: 2xx succeeded; 410 disables the endpoint; anything else (a
// 3xx included: redirects are never followed) is a failure, retried on the schedule (Retry-After
// honoured on 429 and 503) until it is spent. Shared by every delivery queue (in process, Postgres).
import type { StoredEvent, WebhookEndpoint } from '../../src/api/orders/deps.ts';
import { eventBody } from '../../src/api/orders/events/order-event.ts';
import { signedHeaders, signingSecrets } from '../../src/api/orders/events/signing.ts';
import type { AttemptRecord } from './attempts.ts';
import { nodeSign } from './node-sign.ts';
import { delayBefore, retryAfterMs } from './schedule.ts';
import type { Sender } from './sender.ts';

/** What an attempt needs besides the event and the endpoint. */
export interface AttemptContext {
  send: Sender;
  nowMs: () => number;
  /** In [0, 1): the retry's jitter. */
  random: () => number;
  timeoutMs: number;
}

/** What an attempt decided: its record, and whether the endpoint must be disabled ('gone'). */
export interface AttemptResult {
  record: AttemptRecord;
  /** The endpoint answered 410 Gone. */
  gone: boolean;
  /** The attempt failed (the endpoint's failing streak goes on). */
  failed: boolean;
  retryAtMs: number | null;
}

/** Makes attempt number `attempt` of `event` to `endpoint`: in this thread, or on the delivery thread. */
export type Attempt = (
  event: StoredEvent,
  endpoint: WebhookEndpoint,
  attempt: number,
) => Promise<AttemptResult>;

/** Attempts made in this thread, with `ctx`. */
export function attemptsIn(ctx: AttemptContext): Attempt {
  return (event, endpoint, attempt) => attemptDelivery(ctx, event, endpoint, attempt);
}

/** Sends attempt number `attempt` of `event` to `endpoint`, and judges the answer. */
export async function attemptDelivery(
  ctx: AttemptContext,
  event: StoredEvent,
  endpoint: WebhookEndpoint,
  attempt: number,
): Promise<AttemptResult> {
  const sentMs = ctx.nowMs();
  const body = JSON.stringify(eventBody(event));
  const secrets = signingSecrets(endpoint.secrets, sentMs);
  const headers = await signedHeaders(secrets, event.id, Math.floor(sentMs / 1000), body, nodeSign);
  const result = await ctx.send(endpoint.url, headers, body, {
    timeoutMs: ctx.timeoutMs,
    livemode: endpoint.livemode,
  });
  const status = result.kind === 'answered' ? result.status : null;
  const record: AttemptRecord = {
    event_id: event.id,
    endpoint_id: endpoint.id,
    event_type: event.type,
    environment: event.environment,
    attempt,
    at: new Date(sentMs).toISOString(),
    status,
    error: result.kind === 'failed' ? result.reason : null,
    latency_ms: result.latencyMs,
    outcome: 'succeeded',
    next_at: null,
  };
  if (status !== null && status >= 200 && status < 300)
    return { record, gone: false, failed: false, retryAtMs: null };
  if (status === 410)
    return { record: { ...record, outcome: 'endpoint-disabled' }, gone: true, failed: true, retryAtMs: null };
  if (status !== null && status >= 300 && status < 400) record.error = `redirect (${status}) is not followed`;
  const honoured =
    (status === 429 || status === 503) && result.kind === 'answered'
      ? retryAfterMs(result.retryAfter, ctx.nowMs())
      : null;
  const delay = delayBefore(attempt + 1, ctx.random(), honoured);
  if (delay === null)
    return { record: { ...record, outcome: 'failed' }, gone: false, failed: true, retryAtMs: null };
  // The schedule counts from when the attempt ended (a 15 s time-out included).
  const retryAtMs = ctx.nowMs() + delay;
  return {
    record: { ...record, outcome: 'retrying', next_at: new Date(retryAtMs).toISOString() },
    gone: false,
    failed: true,
    retryAtMs,
  };
}
