// Delivery with orders in Postgres: the waiting deliveries are rows, inserted with their events.
// Workers claim due ones (FOR UPDATE SKIP LOCKED, then a lease): each attempt is sent by one worker,
// and one that dies mid-attempt only delays it until its lease ends (at least once). A worker claims
// up to 64, at most half to one endpoint, and again once half its slots are free: an endpoint that
// waits for time-outs holds slots, not the worker. When it looks is poller.ts's. A claim brings what
// each event is made of; a batch's successes settle in one round trip (few connections are taken),
// and a failure is recorded with its delivery's retry or settling in one statement (one commit), or,
// when it disables the endpoint, in one transaction with that and its endpoint.disabled (a row of
// `events`: this queue raises it in Postgres, not through an EventStore).
import type { Clock, WebhookEndpoint, WebhookStore } from '../../src/api/orders/deps.ts';
import { endpointDisabledEvent } from '../../src/api/orders/events/order-event.ts';
import { randomId, systemClock } from '../../src/api/orders/ids.ts';
import type { PostgresDatabase } from '../stores/postgres/database.ts';
import { settleDisabling } from '../stores/postgres/event-stores.ts';
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
import { attemptsInFlight, endpointShare, type DeliveryQueue } from './queue.ts';
import { attemptTimeoutMs, disableAfterMs, jitterRandom } from './schedule.ts';
import { httpSender, type Sender } from './sender.ts';
import { Poller } from './poller.ts';
import { Signal } from './signal.ts';
import { InFlight } from './in-flight.ts';

/** How a Postgres worker delivers. */
export interface PostgresQueueOptions {
  /** How attempts are made; default: in this thread with `send`, `random` and `timeoutMs`. */
  attempt?: Attempt;
  send?: Sender;
  clock?: Clock;
  random?: () => number;
  timeoutMs?: number;
  /** Attempts in flight at once (a claim takes up to this many). */
  batch?: number;
  /** How often to look for due deliveries (ms). */
  pollMs?: number;
  /** After a look that found nothing, how long local creates wait before the next look (ms). */
  quietMs?: number;
}

/** One worker's share of the deliveries in Postgres. */
export class PostgresDeliveryQueue implements DeliveryQueue {
  private readonly db: PostgresDatabase;
  private readonly webhooks: WebhookStore;
  private readonly o: Required<Omit<PostgresQueueOptions, 'send' | 'random'>>;
  /** When it looks for work (woken, polled, quiet after an empty look). */
  private readonly poller: Poller;
  /** Attempts this worker has in flight, and the batches still sending (their successes). */
  private readonly inFlight: InFlight;
  private readonly open = new Set<BatchSuccesses>();
  /** Fired when an attempt or a batch ends. */
  private readonly ended = new Signal();

  constructor(db: PostgresDatabase, webhooks: WebhookStore, options: PostgresQueueOptions = {}) {
    this.db = db;
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
      // without it, empty claims took a fifth of a worker's orders/s (a first attempt waits ≤50 ms)
      quietMs: options.quietMs ?? 50,
    };
    this.poller = new Poller(() => this.runDue(), this.o);
    this.inFlight = new InFlight(endpointShare(this.o.batch));
  }

  /** A local event is in the table already: look for work now. */
  enqueue(): void {
    this.poller.wake();
  }

  /**
   * Claims and sends due deliveries until none is left (or it is closed); resolves when they are
   * settled. A claim is sent at once, the next made once half the worker's slots are free.
   */
  async runDue(): Promise<void> {
    const batches = new Set<Promise<void>>();
    let failure: { reason: unknown } | undefined;
    let looking = true;
    let batchesEnded = 0;
    let nudge: Promise<boolean> | null = null;
    let ended: Promise<boolean> | null = null;
    try {
      // the first failure (a claim, or a batch's statements) ends the look, as Postgres is likely out
      while (!this.poller.closed && failure === undefined) {
        const room = this.o.batch - this.inFlight.total;
        const half = Math.ceil(this.o.batch / 2);
        if (looking && room >= half) {
          const [endedBefore, wakes] = [batchesEnded, this.poller.wakes];
          let claimed: Claimed[];
          try {
            claimed = await this.claim(room);
          } catch (reason) {
            if (batches.size === 0) throw reason;
            failure = { reason };
            break;
          }
          if (claimed.length > 0) {
            const batch: Promise<void> = this.sendBatch(claimed)
              .catch((reason: unknown) => void (failure ??= { reason }))
              .finally(() => {
                batches.delete(batch);
                batchesEnded++;
                looking = true; // what it raised (endpoint.disabled) is due now
              });
            batches.add(batch);
            continue;
          }
          // a batch ended meanwhile (what it raised is due) or an endpoint half freed: claim again
          if (batchesEnded !== endedBefore || this.inFlight.freed()) continue;
          looking = false;
          this.poller.foundNothing(wakes);
        }
        if (batches.size === 0 && !looking) break;
        // Looking with room, it has just claimed (an await): claim again at once. Without room
        // (another look on this queue holds the slots) it waits below, or it would spin.
        if (batches.size === 0 && room >= half) continue;
        // A slot frees (a batch ends; or an endpoint its share held back is down to half of it,
        // so more of it may be due), or with room new work may be due (a create, the poll's time).
        ended ??= this.ended.wait().then(() => ((ended = null), false));
        nudge ??= this.poller.nudged().then(() => ((nudge = null), true));
        if ((await Promise.race(room >= half ? [ended, nudge] : [ended])) || this.inFlight.freed())
          looking = true;
      }
    } finally {
      // the batches still sending are waited for, whatever ended the look
      await Promise.all(batches);
    }
    if (failure !== undefined) throw failure.reason;
  }

  /** Claims up to `limit` due deliveries, leased to this worker. */
  private async claim(limit: number): Promise<Claimed[]> {
    const now = this.o.clock.now();
    const lease = new Date(now + this.o.timeoutMs + 30_000).toISOString();
    const rows = await this.db.query<ClaimRow>('claim_deliveries', postgresSql('claim_deliveries'), [
      new Date(now).toISOString(),
      lease,
      limit,
      ...this.inFlight.claimParameters(),
    ]);
    return rows.map((row) => {
      const { event_id, endpoint_id, attempt } = row;
      return { event_id, endpoint_id, attempt, event: claimedEvent(row), lease };
    });
  }

  /**
   * Sends a claimed batch and settles its successes in one statement (also when a sibling's failure
   * path threw). A batch that overtakes others still sending settles what they have waiting.
   */
  private async sendBatch(claimed: Claimed[]): Promise<void> {
    for (const s of this.open) if (s.waiting.length > 0) this.settleSucceeded(s).catch(() => undefined); // surfaces at its batch's end
    const successes: BatchSuccesses = { waiting: [], endpoints: new Set(), settled: Promise.resolve() };
    this.open.add(successes);
    // One read per endpoint per batch: a batch is mostly deliveries to the same few endpoints.
    const endpoints = new Map<string, Promise<WebhookEndpoint | undefined>>();
    const endpointOf = (id: string) => {
      let endpoint = endpoints.get(id);
      if (!endpoint) endpoints.set(id, (endpoint = Promise.resolve(this.webhooks.get(id))));
      return endpoint;
    };
    this.inFlight.add(claimed);
    try {
      const outcomes = await Promise.allSettled(
        claimed.map((c) =>
          this.deliver(c, endpointOf, successes).finally(() => {
            this.inFlight.end(c.endpoint_id);
            this.ended.fire();
          }),
        ),
      );
      await this.settleSucceeded(successes);
      const thrown = outcomes.find((o) => o.status === 'rejected');
      if (thrown) throw thrown.reason;
    } finally {
      this.open.delete(successes);
      this.ended.fire();
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
    this.poller.start();
  }

  /** Stops polling; waits for the attempts in flight. */
  async close(): Promise<void> {
    await this.poller.close();
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
    // A success to the endpoint (this batch's, or one still sending) ended its streak: record it first.
    for (const s of [...this.open]) if (s.endpoints.has(endpoint.id)) await this.settleSucceeded(s);
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
    // The attempt and its delivery's next step in one statement (one commit): no kill between them.
    if (result.retryAtMs !== null && disable === null) {
      await this.db.query('attempt_retry', postgresSql('attempt_retry'), [
        ...attemptRow(r),
        c.attempt + 1,
        new Date(result.retryAtMs).toISOString(),
        c.lease,
      ]);
      return;
    }
    const settled = [...attemptRow(r), c.lease];
    if (disable === null)
      return void (await this.db.query('attempt_settled', postgresSql('attempt_settled'), settled));
    // ...and with the endpoint's disabling and its endpoint.disabled in one transaction. Deliveries
    // refused at once, here or by other servers, each run it: the endpoint's row lock lets one disable
    // it, and say so.
    await settleDisabling(this.db, settled, endpoint.id, disable, (disabled) =>
      endpointDisabledEvent(randomId('evt_'), disabled, this.o.clock.now()),
    );
  }
}
