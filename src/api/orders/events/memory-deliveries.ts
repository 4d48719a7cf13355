// Deliveries in memory (the MSW mocks, and the handler's in-memory deps): every raised event is
// handed once to `send` (the mocks' delivery option), and each enabled endpoint of its environment
// that receives its type has it waiting until `send` settles, then received (or not, if `send`
// failed). Resend and recover hand each event to `send` again, naming the endpoint. No retries and
// no schedule: `send` is a function or a local URL, answered at once.
import type { Clock, EventStore, StoredEvent, WebhookEndpoint, WebhookStore } from '../deps.ts';
import type { DeliveryAttempt, DeliveryBacklog, EndpointDeliveries } from './endpoint-deliveries.ts';
import { subscribes } from './order-event.ts';

/**
 * Hands an event on: for a raise, once for all endpoints (`endpointId` null); for a resend, for
 * one. Resolves to the HTTP status a URL answered (2xx: received), or to nothing when taken; a
 * throw or rejection is a failed delivery.
 */
export type SendEvent = (event: StoredEvent, endpointId: string | null) => unknown;

type State = 'waiting' | 'succeeded' | 'failed';

/** Attempts kept per endpoint, newest first (as the embedded server keeps its latest 1,000). */
const keptAttempts = 1_000;

/** One endpoint's deliveries, in memory. */
export class MemoryEndpointDeliveries implements EndpointDeliveries {
  /** endpoint id → event id → where its latest delivery stands. */
  private readonly states = new Map<string, Map<string, State>>();
  private readonly log = new Map<string, DeliveryAttempt[]>();
  private readonly deps: { webhooks: WebhookStore; events: EventStore; clock: Clock };
  private readonly send: SendEvent;

  constructor(deps: { webhooks: WebhookStore; events: EventStore; clock: Clock }, send: SendEvent) {
    this.deps = deps;
    this.send = send;
  }

  /** An event was raised (deps.onEvent): send it once, for every endpoint that receives it. */
  async raised(event: StoredEvent): Promise<void> {
    // The in-memory store lists at once: then `send` is called before this returns.
    const listed = this.deps.webhooks.list(event.environment);
    const endpoints = listed instanceof Promise ? await listed : listed;
    await this.deliver(
      event,
      null,
      endpoints.filter((e) => subscribes(e, event)),
    );
  }

  /** Hands `event` to `send` (called before the first await, so a function sees it at once). */
  private async deliver(event: StoredEvent, endpointId: string | null, to: WebhookEndpoint[]) {
    for (const endpoint of to) this.stateOf(endpoint.id).set(event.id, 'waiting');
    const startedMs = this.deps.clock.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const answered = await this.send(event, endpointId);
      if (typeof answered === 'number') status = answered;
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    const ok = error === null && (status === null || (status >= 200 && status < 300));
    for (const endpoint of to) {
      this.stateOf(endpoint.id).set(event.id, ok ? 'succeeded' : 'failed');
      const attempts = this.log.get(endpoint.id) ?? [];
      attempts.unshift({
        event_id: event.id,
        endpoint_id: endpoint.id,
        event_type: event.type,
        environment: event.environment,
        attempt: 1,
        at: new Date(startedMs).toISOString(),
        status,
        error: ok || error !== null ? error : `answered ${String(status)}`,
        latency_ms: Math.max(0, this.deps.clock.now() - startedMs),
        outcome: ok ? 'succeeded' : 'failed',
        next_at: null,
      });
      this.log.set(endpoint.id, attempts.slice(0, keptAttempts));
    }
  }

  private stateOf(endpointId: string): Map<string, State> {
    let states = this.states.get(endpointId);
    if (!states) this.states.set(endpointId, (states = new Map<string, State>()));
    return states;
  }

  /** The endpoint's latest attempts, newest first. */
  attempts(endpointId: string, limit: number): DeliveryAttempt[] {
    return (this.log.get(endpointId) ?? []).slice(0, limit);
  }

  /** Deliveries being handed on now (none is ever retried later). */
  backlog(endpointId: string): DeliveryBacklog {
    let waiting = 0;
    for (const state of this.states.get(endpointId)?.values() ?? []) if (state === 'waiting') waiting++;
    const next = waiting > 0 ? new Date(this.deps.clock.now()).toISOString() : null;
    return { waiting, next_attempt_at: next };
  }

  /** Of the events, those handed on for the endpoint (taken, or not settled yet). */
  deliveredOrWaiting(endpointId: string, eventIds: string[]): Set<string> {
    const states = this.states.get(endpointId);
    return new Set(eventIds.filter((id) => states?.get(id) === 'waiting' || states?.get(id) === 'succeeded'));
  }

  /** Hands each event to `send` again for the endpoint; resolves once each is handed on (not settled). */
  async requeue(endpointId: string, eventIds: string[]): Promise<void> {
    const endpoint = await this.deps.webhooks.get(endpointId);
    if (!endpoint) return;
    for (const id of eventIds) {
      const event = await this.deps.events.get(id);
      if (event)
        this.deliver(event, endpointId, [endpoint]).catch(() => {
          // deliver() catches what `send` throws; nothing else can fail.
        });
    }
  }

  /** Forgets every delivery (MSW reset). */
  reset(): void {
    this.states.clear();
    this.log.clear();
  }
}
