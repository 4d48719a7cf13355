// Whether each event's deliveries succeeded: the `delivery_success` filter of GET /v2/events.

type State = 'pending' | 'succeeded' | 'failed';

/** Per event, its deliveries still pending or settled, by endpoint. */
export class DeliveryOutcomes {
  private readonly byEvent = new Map<string, Map<string, State>>();

  /** A delivery of the event to the endpoint is queued. */
  pend(eventId: string, endpointId: string): void {
    let states = this.byEvent.get(eventId);
    if (!states) this.byEvent.set(eventId, (states = new Map<string, State>()));
    states.set(endpointId, 'pending');
  }

  /** A delivery is settled: it succeeded, or failed for good. */
  settle(eventId: string, endpointId: string, succeeded: boolean): void {
    let states = this.byEvent.get(eventId);
    if (!states) this.byEvent.set(eventId, (states = new Map<string, State>()));
    states.set(endpointId, succeeded ? 'succeeded' : 'failed');
  }

  /** True: every delivery succeeded; false: one is pending or failed; undefined: it had none. */
  of(eventId: string): boolean | undefined {
    const states = this.byEvent.get(eventId);
    if (!states || states.size === 0) return undefined;
    for (const state of states.values()) if (state !== 'succeeded') return false;
    return true;
  }
}
