// What the in-process delivery queue (./deliverer.ts) delivers from and to, and how.
import type { Clock, EventStore, WebhookEndpoint, WebhookStore } from '../../src/api/orders/deps.ts';
import type { ApiLoad } from './burst.ts';
import type { Attempt } from './attempt.ts';
import type { AttemptLog } from './attempts.ts';
import type { RequeueLog } from './requeues.ts';
import type { Sender } from './sender.ts';

/** What the queue delivers from and to, and how. */
export interface DelivererOptions {
  events: EventStore;
  webhooks: WebhookStore;
  /** Every endpoint now (kept in memory by the store). */
  endpoints: () => WebhookEndpoint[];
  log: AttemptLog;
  /** How attempts are made; default: in this thread with `send`, `random` and `timeoutMs`. */
  attempt?: Attempt;
  send?: Sender;
  clock?: Clock;
  random?: () => number;
  timeoutMs?: number;
  /** Attempts in flight at once, and at most `perEndpoint` of them to one endpoint. */
  concurrency?: number;
  perEndpoint?: number;
  /** The API's load (default never busy): while it is busy, due deliveries wait up to `burstDeferMs`. */
  load?: ApiLoad;
  burstDeferMs?: number;
  /** Where resends are made durable; default none (they are kept in memory only). */
  requeues?: RequeueLog;
}
