// What a delivery queue tells about one endpoint and takes from it: its attempt log, how many
// deliveries wait and when the next is tried, and resends (POST /v2/webhooks/{id}/resend and
// /recover, and the console's endpoint page). The in-process queue and Postgres's implement it.

type MaybePromise<T> = T | Promise<T>;

/** One attempt to deliver one event to one endpoint (the analysts' webhook_attempts row). */
export interface DeliveryAttempt {
  event_id: string;
  endpoint_id: string;
  event_type: string;
  environment: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** When it was sent (ISO). */
  at: string;
  /** The HTTP status answered, or null when none was (time-out, refused, a blocked address). */
  status: number | null;
  error: string | null;
  latency_ms: number;
  /** What follows: nothing (succeeded, failed for good, endpoint disabled) or a retry at next_at. */
  outcome: 'succeeded' | 'retrying' | 'failed' | 'endpoint-disabled';
  next_at: string | null;
}

/** The deliveries an endpoint has waiting (due now or for a retry). */
export interface DeliveryBacklog {
  waiting: number;
  /** When the soonest waiting delivery is tried (ISO), or null when none waits. */
  next_attempt_at: string | null;
}

/** One endpoint's deliveries, as a queue knows them. */
export interface EndpointDeliveries {
  /** Its latest attempts, newest first, at most `limit`. */
  attempts(endpointId: string, limit: number): MaybePromise<DeliveryAttempt[]>;
  backlog(endpointId: string): MaybePromise<DeliveryBacklog>;
  /** Of `eventIds`, those delivered to the endpoint (an attempt succeeded) or waiting to be. */
  deliveredOrWaiting(endpointId: string, eventIds: string[]): MaybePromise<Set<string>>;
  /**
   * Queues the events for the endpoint again, due now, from attempt 1, and forgets its failing
   * streak; resolves once the resend is durable (it survives a restart).
   */
  requeue(endpointId: string, eventIds: string[]): Promise<void>;
}
