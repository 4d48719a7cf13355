// The embedded attempt log as the console and recover read it: each endpoint's latest attempts
// (from the file at start, then as they are made) and the events each endpoint has received.
import type { DeliveryAttempt } from '../../src/api/orders/events/endpoint-deliveries.ts';
import type { AttemptLog } from './attempts.ts';

/** Attempts kept per endpoint for its page (older ones stay in the file, for analysts). */
export const attemptsKept = 1_000;

/** Each endpoint's latest attempts and delivered events, in memory. */
export class AttemptIndex {
  private readonly latest = new Map<string, DeliveryAttempt[]>();
  private readonly delivered = new Map<string, Set<string>>();

  /** Takes in one attempt. */
  add(attempt: DeliveryAttempt): void {
    let list = this.latest.get(attempt.endpoint_id);
    if (!list) this.latest.set(attempt.endpoint_id, (list = []));
    list.push(attempt);
    if (list.length > attemptsKept * 2) list.splice(0, list.length - attemptsKept);
    if (attempt.outcome !== 'succeeded') return;
    let events = this.delivered.get(attempt.endpoint_id);
    if (!events) this.delivered.set(attempt.endpoint_id, (events = new Set()));
    events.add(attempt.event_id);
  }

  /** The endpoint's latest attempts, newest first. */
  attempts(endpointId: string, limit: number): DeliveryAttempt[] {
    return (this.latest.get(endpointId) ?? []).slice(-Math.min(limit, attemptsKept)).reverse();
  }

  /** Whether an attempt to deliver the event to the endpoint succeeded. */
  wasDelivered(endpointId: string, eventId: string): boolean {
    return this.delivered.get(endpointId)?.has(eventId) === true;
  }
}

/** The log, with every attempt (replayed and new) taken into `index` too. */
export function indexedLog(log: AttemptLog, index: AttemptIndex): AttemptLog {
  for (const attempt of log.replayed()) index.add(attempt);
  return {
    record: async (attempt) => {
      await log.record(attempt);
      index.add(attempt);
    },
    replayed: () => log.replayed(),
    close: () => log.close(),
  };
}
