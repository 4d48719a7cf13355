// Raising an event that no order carries (endpoint.disabled here; key.revoked and key.rolled by the
// management API): durable first, then handed to delivery. The one way to raise one.
import type { KeyRecord, OrdersDeps, StoredEvent } from '../deps.ts';
import { randomId } from '../ids.ts';

/** An event of `type` about `object`, in an environment, caused by a request (or by none). */
export function newEvent(
  type: string,
  environment: KeyRecord['environment'],
  object: Record<string, unknown>,
  nowMs: number,
  request: StoredEvent['request'] = { id: null, idempotency_key: null },
): StoredEvent {
  return {
    id: randomId('evt_'),
    object: 'event',
    type,
    created: new Date(nowMs).toISOString(),
    livemode: environment === 'production',
    environment,
    data: { object },
    request,
  };
}

/**
 * Records an event, then tells delivery of it; resolves once it is durable. A runtime that keeps no
 * events (absent `deps.events`) only tells delivery.
 */
export async function raiseEvent(
  deps: Pick<OrdersDeps, 'events' | 'onEvent'>,
  event: StoredEvent,
): Promise<void> {
  await deps.events?.raise(event);
  deps.onEvent?.(event);
}
