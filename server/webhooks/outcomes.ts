// Whether each event's deliveries succeeded: the `delivery_success` filter of GET /v2/events.

type State = 'pending' | 'succeeded' | 'failed';

/**
 * Most events go to one endpoint, so an event keeps that endpoint's id and state as they are, and a
 * map only once a second endpoint is added: the server keeps one entry per event it has raised, for
 * as long as it runs.
 */
type Entry = { endpointId: string; state: State } | Map<string, State>;

/** Per event, its deliveries still pending or settled, by endpoint. */
export class DeliveryOutcomes {
  private readonly byEvent = new Map<string, Entry>();

  /** A delivery of the event to the endpoint is queued. */
  pend(eventId: string, endpointId: string): void {
    this.set(eventId, endpointId, 'pending');
  }

  /** A delivery is settled: it succeeded, or failed for good. */
  settle(eventId: string, endpointId: string, succeeded: boolean): void {
    this.set(eventId, endpointId, succeeded ? 'succeeded' : 'failed');
  }

  /** True: every delivery succeeded; false: one is pending or failed; undefined: it had none. */
  of(eventId: string): boolean | undefined {
    const entry = this.byEvent.get(eventId);
    if (entry === undefined) return undefined;
    if (!(entry instanceof Map)) return entry.state === 'succeeded';
    for (const state of entry.values()) if (state !== 'succeeded') return false;
    return true;
  }

  private set(eventId: string, endpointId: string, state: State): void {
    const entry = this.byEvent.get(eventId);
    if (entry instanceof Map) entry.set(endpointId, state);
    else if (entry?.endpointId === endpointId) entry.state = state;
    else if (entry === undefined) this.byEvent.set(eventId, { endpointId, state });
    else
      this.byEvent.set(
        eventId,
        new Map([
          [entry.endpointId, entry.state],
          [endpointId, state],
        ]),
      );
  }
}
