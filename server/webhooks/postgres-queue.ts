// Delivery with orders in Postgres: the waiting deliveries are rows, inserted with their events;
// every worker polls for due ones and claims up to 64 (FOR UPDATE SKIP LOCKED, then a lease), so each
// attempt is sent by exactly one worker, and a worker that dies mid-attempt only delays it until
// its lease ends (at least once). A local create wakes this worker at once, unless it found nothing
// moments ago: then it looks once at the end of a short quiet spell. A claim brings what each
// event is made of, and the successes of a claimed batch are settled in one round trip, so
// deliveries take few of the connections that callers' orders need.
import type { Clock, EventStore, WebhookEndpoint, WebhookStore } from '../../src/api/orders/deps.ts';
import { endpointDisabledEvent } from '../../src/api/orders/events/order-event.ts';
import { randomId, systemClock } from '../../src/api/orders/ids.ts';
import type { PostgresDatabase } from '../stores/postgres/database.ts';
import { postgresSql } from '../stores/postgres/sql.ts';
import { attemptsIn, type Attempt } from './attempt.ts';
import {
  attemptRow,
  claimedEvent,
  succeededColumns,
  type Claimed,
  type ClaimRow,
  type BatchSuccesses,
} from './postgres-rows.ts';
import { attemptsInFlight, type DeliveryQueue } from './queue.ts';
import { attemptTimeoutMs, disableAfterMs, jitterRandom } from './schedule.ts';
import { httpSender, type Sender } from './sender.ts';

/** How a Postgres worker delivers. */
export interface PostgresQueueOptions {
  /** How attempts are made; default: in this thread with `send`, `random` and `timeoutMs`. */
  attempt?: Attempt;
  send?: Sender;
  clock?: Clock;
  random?: () => number;
  timeoutMs?: number;
  /** Deliveries claimed at once. */
  batch?: number;
  /** How often to look for due deliveries (ms). */
  pollMs?: number;
  /** After a look that found nothing, how long local creates wait before the next look (ms). */
  quietMs?: number;
}

/** One worker's share of the deliveries in Postgres. */
export class PostgresDeliveryQueue implements DeliveryQueue {
  /** Endpoints being disabled by this process right now. */
  private readonly disabling = new Set<string>();
  private readonly db: PostgresDatabase;
  private readonly events: EventStore;
  private readonly webhooks: WebhookStore;
  private readonly o: Required<Omit<PostgresQueueOptions, 'send' | 'random'>>;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When `timer` fires (performance.now()). */
  private timerAt = Number.POSITIVE_INFINITY;
  /** When a look last found nothing due (performance.now()). */
  private foundNothingAt = Number.NEGATIVE_INFINITY;
  private running: Promise<void> | null = null;
  private again = false;
  /** Why the last look for work failed, logged once until a look succeeds. */
  private failing: string | null = null;
  private started = false;
  private closed = false;

  constructor(
    db: PostgresDatabase,
    events: EventStore,
    webhooks: WebhookStore,
    options: PostgresQueueOptions = {},
  ) {
    this.db = db;
    this.events = events;
    this.webhooks = webhooks;
    const clock = options.clock ?? systemClock;
    const timeoutMs = options.timeoutMs ?? attemptTimeoutMs;
    this.o = {
      attempt:
        options.attempt ??
        attemptsIn({
          send: options.send ?? httpSender(),
          nowMs: () => clock.now(),
          random: options.random ?? jitterRandom,
          timeoutMs,
        }),
      clock,
      timeoutMs,
      batch: options.batch ?? attemptsInFlight,
      pollMs: options.pollMs ?? 250,
      // Without it a server with no endpoint made one empty claim per few creates (a fifth of its
      // orders/s on one worker); with it a first attempt waits 50 ms at most more.
      quietMs: options.quietMs ?? 50,
    };
  }

  /** A local event is in the table already: look for work now. */
  enqueue(): void {
    this.wake();
  }

  /** Claims and sends due deliveries until none is left (or it is closed); resolves when they are settled. */
  async runDue(): Promise<void> {
    while (!this.closed) {
      const now = this.o.clock.now();
      const lease = new Date(now + this.o.timeoutMs + 30_000).toISOString();
      const claimed = await this.db.query<ClaimRow>('claim_deliveries', postgresSql('claim_deliveries'), [
        new Date(now).toISOString(),
        lease,
        this.o.batch,
      ]);
      if (claimed.length === 0) {
        this.foundNothingAt = performance.now();
        return;
      }
      // One read per endpoint per batch: a batch is mostly deliveries to the same few endpoints.
      const endpoints = new Map<string, Promise<WebhookEndpoint | undefined>>();
      const endpointOf = (id: string) => {
        let endpoint = endpoints.get(id);
        if (!endpoint) endpoints.set(id, (endpoint = Promise.resolve(this.webhooks.get(id))));
        return endpoint;
      };
      const successes: BatchSuccesses = { waiting: [], endpoints: new Set(), settled: Promise.resolve() };
      const outcomes = await Promise.allSettled(
        claimed.map((row) => {
          const { event_id, endpoint_id, attempt } = row;
          const c = { event_id, endpoint_id, attempt, event: claimedEvent(row), lease };
          return this.deliver(c, endpointOf, successes);
        }),
      );
      // the successes are settled even when a sibling's failure path threw
      await this.settleSucceeded(successes);
      const thrown = outcomes.find((o) => o.status === 'rejected');
      if (thrown) throw thrown.reason;
    }
  }

  /** Settles a batch's waiting successes in one statement, after any settling of them under way. */
  private settleSucceeded(successes: BatchSuccesses): Promise<void> {
    const sql = postgresSql('deliveries_succeeded');
    const settle = async () => {
      // what waits when its turn comes: a settling that failed before left its rows to this one
      const done = successes.waiting.splice(0);
      if (done.length === 0) return;
      try {
        await this.db.query('deliveries_succeeded', sql, succeededColumns(done));
      } catch (error) {
        successes.waiting.unshift(...done); // the batch's last settling tries them again
        throw error;
      }
    };
    // after the settling under way, whether it succeeded or not
    successes.settled = successes.settled.then(settle, settle);
    return successes.settled;
  }

  /** Polls on its own from now on. */
  start(): void {
    this.started = true;
    this.wake();
  }

  /** Stops polling; waits for the attempts in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private wake(): void {
    if (!this.started || this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    const quiet = this.foundNothingAt + this.o.quietMs - performance.now();
    if (quiet > 0) return this.wakeIn(quiet);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    this.running = this.runDue()
      .then(() => {
        if (this.failing !== null) console.error('Webhooks: delivering again');
        this.failing = null;
      })
      .catch((error: unknown) => {
        // Postgres out: said once, then tried again every poll until it is back.
        const reason = error instanceof Error ? error.message : String(error);
        if (this.failing === null)
          console.error(`Webhooks: cannot look for deliveries (${reason}); retrying`);
        this.failing = reason;
      })
      .finally(() => {
        this.running = null;
        if (this.closed) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.wakeIn(this.o.pollMs);
      });
  }

  /** Looks again in `ms`, unless a look is due sooner already. */
  private wakeIn(ms: number): void {
    const at = performance.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, ms);
    this.timer.unref();
  }

  /** Makes one attempt; a success waits in `successes`, to be settled with its batch. */
  private async deliver(
    c: Claimed,
    endpointOf: (id: string) => Promise<WebhookEndpoint | undefined>,
    successes: BatchSuccesses,
  ): Promise<void> {
    const endpoint = await endpointOf(c.endpoint_id);
    const { event } = c;
    const settle = () =>
      this.db.query('delivery_settled', postgresSql('delivery_settled'), [
        c.event_id,
        c.endpoint_id,
        c.lease,
      ]);
    if (!endpoint || endpoint.status !== 'enabled' || !event) return void (await settle());
    const result = await this.o.attempt(event, endpoint, c.attempt);
    if (!result.failed) {
      successes.waiting.push({ record: result.record, lease: c.lease });
      successes.endpoints.add(endpoint.id);
      return;
    }
    // A success of this batch to the endpoint ended its streak before this failure: record it first.
    if (successes.endpoints.has(endpoint.id)) await this.settleSucceeded(successes);
    const [streak] = await this.db.query<{ failing_since: Date | null }>(
      'endpoint_streak',
      postgresSql('endpoint_streak'),
      [endpoint.id, !result.failed, result.record.at],
    );
    const failingFor = streak?.failing_since ? this.o.clock.now() - streak.failing_since.getTime() : 0;
    const disable = result.gone ? 'gone' : result.failed && failingFor >= disableAfterMs ? 'failing' : null;
    const r =
      disable === 'failing'
        ? { ...result.record, outcome: 'endpoint-disabled' as const, next_at: null }
        : result.record;
    await this.db.query('insert_attempt', postgresSql('insert_attempt'), attemptRow(r));
    if (result.retryAtMs !== null && disable === null) {
      await this.db.query('delivery_retry', postgresSql('delivery_retry'), [
        c.event_id,
        c.endpoint_id,
        c.attempt + 1,
        new Date(result.retryAtMs).toISOString(),
        c.lease,
      ]);
      return;
    }
    await settle();
    if (disable) await this.disable(endpoint, disable);
  }

  /** Disables an endpoint, drops its waiting deliveries and raises `endpoint.disabled`. */
  private async disable(endpoint: WebhookEndpoint, reason: string): Promise<void> {
    // Two deliveries sent at once can both be refused: the endpoint is disabled, and said so, once.
    if (this.disabling.has(endpoint.id)) return;
    this.disabling.add(endpoint.id);
    try {
      if ((await this.webhooks.get(endpoint.id))?.status === 'disabled') return;
      const disabled: WebhookEndpoint = { ...endpoint, status: 'disabled', disabled_reason: reason };
      await this.webhooks.save(disabled);
      await this.db.query('drop_endpoint_deliveries', postgresSql('drop_endpoint_deliveries'), [endpoint.id]);
      await this.events.raise(endpointDisabledEvent(randomId('evt_'), disabled, this.o.clock.now()));
    } finally {
      this.disabling.delete(endpoint.id);
    }
  }
}
