// An endpoint's events since it was made, oldest first: what the in-process queue rebuilds its
// deliveries from at start.
import type { EventStore, StoredEvent, WebhookEndpoint } from '../../src/api/orders/deps.ts';
import type { AttemptRecord } from './attempts.ts';
import { deliveryKey } from './replay.ts';

/** A delivery the queue is to make: its event, endpoint, attempt number and due time (ms). */
export interface DeliveryTask {
  eventId: string;
  endpointId: string;
  attempt: number;
  dueMs: number;
}

/** What is left after a restart: deliveries to make, and those the logs settle (with success). */
export interface LeftToDeliver {
  pending: DeliveryTask[];
  settled: { eventId: string; endpointId: string; succeeded: boolean }[];
}

/**
 * The deliveries of every enabled endpoint's events, given each one's last attempt (`last`, by
 * deliveryKey): settled, due again at its logged retry time, or due at `nowMs` if never tried.
 * `resent` (by endpoint) adds the events a resend asked for that are older than the endpoint.
 */
export async function leftToDeliver(
  events: EventStore,
  endpoints: WebhookEndpoint[],
  last: Map<string, AttemptRecord>,
  nowMs: number,
  resent: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Promise<LeftToDeliver> {
  const left: LeftToDeliver = { pending: [], settled: [] };
  for (const endpoint of endpoints) {
    if (endpoint.status !== 'enabled') continue;
    const own = await eventsOfEndpoint(events, endpoint);
    const seen = new Set(own.map((event) => event.id));
    const older = [...(resent.get(endpoint.id) ?? [])].filter((id) => !seen.has(id));
    for (const eventId of [...older, ...own.map((event) => event.id)]) {
      if (!seen.has(eventId) && !(await events.get(eventId))) continue;
      const endpointId = endpoint.id;
      const done = last.get(deliveryKey(eventId, endpointId));
      if (done && done.outcome !== 'retrying')
        left.settled.push({ eventId, endpointId, succeeded: done.outcome === 'succeeded' });
      else if (done?.next_at)
        left.pending.push({
          eventId,
          endpointId,
          attempt: done.attempt + 1,
          dueMs: Date.parse(done.next_at),
        });
      else left.pending.push({ eventId, endpointId, attempt: 1, dueMs: nowMs });
    }
  }
  return left;
}

/** Every event of the endpoint's environment and types since it was made, oldest first. */
export async function eventsOfEndpoint(
  events: EventStore,
  endpoint: WebhookEndpoint,
): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  let after: string | undefined;
  const types = endpoint.enabled_events.includes('*') ? undefined : endpoint.enabled_events;
  for (;;) {
    const page = await events.list({
      environment: endpoint.environment,
      limit: 100,
      startingAfter: after,
      types,
      createdGteMs: Date.parse(endpoint.created),
    });
    if (!page) break;
    found.push(...page.events);
    if (!page.hasMore) break;
    after = page.events.at(-1)?.id;
  }
  return found.reverse();
}
