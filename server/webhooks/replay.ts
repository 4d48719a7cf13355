// What the attempt and resend logs say at start, in the order things happened: each delivery's
// last attempt (a resend asked after it opens the delivery again) and since when each endpoint has
// failed without a success (a resend starts its streak afresh).
import type { AttemptRecord } from './attempts.ts';
import type { RequeueRecord } from './requeues.ts';

/** The key of a delivery: an event to an endpoint. */
export const deliveryKey = (eventId: string, endpointId: string) => `${eventId} ${endpointId}`;

/**
 * Each delivery's last attempt still standing, each failing endpoint's first failure (ms), and the
 * events each endpoint was asked to be sent again (an event older than the endpoint among them).
 */
export interface Replayed {
  last: Map<string, AttemptRecord>;
  failingSince: Map<string, number>;
  resent: Map<string, Set<string>>;
}

/** Replays attempts and resends in time order. */
export function replayLogs(attempts: AttemptRecord[], requeues: RequeueRecord[]): Replayed {
  const last = new Map<string, AttemptRecord>();
  const failingSince = new Map<string, number>();
  const resent = new Map<string, Set<string>>();
  const steps = [
    ...attempts.map((a) => ({ at: a.at, attempt: a })),
    ...requeues.map((r) => ({ at: r.at, requeue: r })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const step of steps) {
    if ('requeue' in step) {
      const { endpoint_id: endpointId, event_ids: eventIds } = step.requeue;
      const ids = resent.get(endpointId) ?? new Set<string>();
      resent.set(endpointId, ids);
      for (const eventId of eventIds) {
        last.delete(deliveryKey(eventId, endpointId));
        ids.add(eventId);
      }
      failingSince.delete(step.requeue.endpoint_id);
      continue;
    }
    const a = step.attempt;
    last.set(deliveryKey(a.event_id, a.endpoint_id), a);
    if (a.outcome === 'succeeded') failingSince.delete(a.endpoint_id);
    else if (!failingSince.has(a.endpoint_id)) failingSince.set(a.endpoint_id, Date.parse(a.at));
  }
  return { last, failingSince, resent };
}
