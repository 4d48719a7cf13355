// The in-process queue's EndpointDeliveries: attempts from the attempt index, the backlog and
// resends from the queue itself (resends made durable in webhook-requeues.jsonl).
import type {
  DeliveryAttempt,
  DeliveryBacklog,
  EndpointDeliveries,
} from '../../src/api/orders/events/endpoint-deliveries.ts';
import type { AttemptIndex } from './attempt-index.ts';
import type { Deliverer } from './deliverer.ts';

/** One endpoint's deliveries, on the embedded default. */
export class EmbeddedEndpointDeliveries implements EndpointDeliveries {
  private readonly index: AttemptIndex;
  private readonly queue: Deliverer;

  constructor(index: AttemptIndex, queue: Deliverer) {
    this.index = index;
    this.queue = queue;
  }

  /** The endpoint's latest attempts, newest first. */
  attempts(endpointId: string, limit: number): DeliveryAttempt[] {
    return this.index.attempts(endpointId, limit);
  }

  /** How many deliveries wait, and when the soonest is tried. */
  backlog(endpointId: string): DeliveryBacklog {
    const { waiting, nextMs } = this.queue.backlog(endpointId);
    return { waiting, next_attempt_at: nextMs === null ? null : new Date(nextMs).toISOString() };
  }

  /** Of the events, those the endpoint received or waits for. */
  deliveredOrWaiting(endpointId: string, eventIds: string[]): Set<string> {
    return new Set(
      eventIds.filter((id) => this.index.wasDelivered(endpointId, id) || this.queue.isQueued(id, endpointId)),
    );
  }

  /** Sends the events again from attempt 1; durable first. */
  requeue(endpointId: string, eventIds: string[]): Promise<void> {
    return this.queue.requeue(endpointId, eventIds);
  }
}
