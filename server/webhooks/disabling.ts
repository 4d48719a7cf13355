// Disabling an endpoint on the embedded default, where the endpoint (webhooks.jsonl) and its
// `endpoint.disabled` (events.jsonl) are two synced writes to two files: the event's id and time are
// decided first and saved with the disabled endpoint (`disabled_event`), then the event is raised. A
// kill -9 between the two leaves the endpoint naming an event that is not there, and the next start
// raises it with that id before the deliveries are rebuilt: one `endpoint.disabled` per disabling,
// after any kill (on Postgres the disabling and its event are one transaction: settleDisabling).
import type { EventStore, StoredEvent, WebhookEndpoint, WebhookStore } from '../../src/api/orders/deps.ts';
import { endpointDisabledEvent } from '../../src/api/orders/events/order-event.ts';
import { randomId } from '../../src/api/orders/ids.ts';

/**
 * An endpoint as webhooks.jsonl keeps it: once disabled here, with the id and time of its
 * `endpoint.disabled`, decided before it is saved (read only while it is disabled: a re-enable keeps
 * it, the next disabling replaces it). Kept in the file only: the API's body (webhookBody) and the
 * event's name their fields one by one, and this is not one of them.
 */
export interface StoredEndpoint extends WebhookEndpoint {
  disabled_event?: { id: string; created: string };
}

/** An endpoint disabled, as saved, and the `endpoint.disabled` it names, to raise once it is. */
export interface Disabling {
  disabled: StoredEndpoint;
  event: StoredEvent;
}

/** The endpoint disabled for `reason` at `nowMs`, naming its `endpoint.disabled`, and that event. */
export function disablingOf(endpoint: WebhookEndpoint, reason: string, nowMs: number): Disabling {
  const named = { id: randomId('evt_'), created: new Date(nowMs).toISOString() };
  const disabled: StoredEndpoint = {
    ...endpoint,
    status: 'disabled',
    disabled_reason: reason,
    disabled_event: named,
  };
  return { disabled, event: endpointDisabledEvent(named.id, disabled, nowMs) };
}

/**
 * Raises the `endpoint.disabled` each disabled endpoint names and the events lack (a kill came
 * between its save and its raise), with the id and time decided then, so a repeat makes no second
 * one. Returns the events raised. Endpoints disabled before events were named have none to raise.
 */
export async function raiseUnannounced(
  events: EventStore,
  endpoints: WebhookEndpoint[],
): Promise<StoredEvent[]> {
  const raised: StoredEvent[] = [];
  for (const endpoint of endpoints as StoredEndpoint[]) {
    const named = endpoint.status === 'disabled' ? endpoint.disabled_event : undefined;
    if (!named || (await events.get(named.id))) continue;
    const event = endpointDisabledEvent(named.id, endpoint, Date.parse(named.created));
    await events.raise(event);
    raised.push(event);
  }
  return raised;
}

/**
 * Disables the endpoint `id` in one step with any other change of it (WebhookStore.update), saved
 * naming its `endpoint.disabled` event; that event, or undefined when the endpoint was disabled
 * already or is gone (a deleted endpoint is never written back).
 */
export async function disableStored(
  webhooks: WebhookStore,
  id: string,
  reason: string,
  nowMs: number,
): Promise<StoredEvent | undefined> {
  let event: StoredEvent | undefined;
  await webhooks.update(id, (current) => {
    if (current.status === 'disabled') return null;
    const disabling = disablingOf(current, reason, nowMs);
    event = disabling.event;
    return disabling.disabled;
  });
  return event;
}
