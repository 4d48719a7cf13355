// The in-process delivery queue: each durable event becomes one delivery per subscribed endpoint,
// sent off the request path (held a few seconds while callers keep the API busy: ./burst.ts),
// retried on the schedule and settled in the attempt log, with at most half the slots to one
// endpoint (./due-queue.ts). At least once: at start the queue is rebuilt from the events (every
// event since an endpoint was made, minus those the log settles), so a kill -9 loses nothing.
import type { StoredEvent, WebhookEndpoint } from '../../src/api/orders/deps.ts';
import { subscribes } from '../../src/api/orders/events/order-event.ts';
import { systemClock } from '../../src/api/orders/ids.ts';
import { BurstHold, burstDeferMs, burstWait, neverBusy, type EventHeading } from './burst.ts';
import { attemptsIn } from './attempt.ts';
import { attemptsInFlight, endpointShare, type DeliveryQueue } from './queue.ts';
import { DeliveryOutcomes } from './outcomes.ts';
import { leftToDeliver, type DeliveryTask } from './endpoint-events.ts';
import { DueQueue } from './due-queue.ts';
import { Wakeups } from './wakeups.ts';
import { deliveryKey as keyOf, replayLogs } from './replay.ts';
import { disableStored, raiseUnannounced } from './disabling.ts';
import { attemptTimeoutMs, disableAfterMs, jitterRandom } from './schedule.ts';
import { httpSender } from './sender.ts';
import type { DelivererOptions } from './deliverer-options.ts';

interface Task extends DeliveryTask {
  /** The event, while it is at hand (a fresh one); read back from the store otherwise. */
  event?: StoredEvent;
}

/** Delivers events to endpoints, in this process. */
export class Deliverer implements DeliveryQueue {
  private readonly o: Required<Omit<DelivererOptions, 'send' | 'requeues'>> &
    Pick<DelivererOptions, 'requeues'>;
  /** Events raised while the API is busy, not yet made deliveries. */
  private readonly hold: BurstHold;
  /** Due now, oldest first among endpoints with room. */
  private readonly ready: DueQueue<Task>;
  /** Waiting for a retry, soonest first. */
  private later: Task[] = [];
  private readonly queued = new Set<string>();
  /** In flight when a resend was asked: sent again from attempt 1 once the attempt ends. */
  private readonly resendAfter = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  /** Since when each endpoint has failed without a success (ms). */
  private readonly failingSince = new Map<string, number>();
  private readonly outcomes = new DeliveryOutcomes();
  /** Endpoints being disabled now (one disable, one `endpoint.disabled`). */
  private readonly disabling = new Set<string>();
  private started = false;
  private readonly wakeups = new Wakeups(() => this.look());

  constructor(options: DelivererOptions) {
    const concurrency = options.concurrency ?? attemptsInFlight;
    const o = {
      clock: systemClock,
      random: jitterRandom,
      timeoutMs: attemptTimeoutMs,
      concurrency,
      // One endpoint's share of the slots, as on Postgres (./queue.ts).
      perEndpoint: endpointShare(concurrency),
      load: neverBusy,
      burstDeferMs,
      ...options,
    };
    this.ready = new DueQueue<Task>(o.perEndpoint);
    this.hold = new BurstHold(o.load, o.burstDeferMs);
    const nowMs = () => o.clock.now();
    const attempt =
      options.attempt ??
      attemptsIn({ send: options.send ?? httpSender(), nowMs, random: o.random, timeoutMs: o.timeoutMs });
    this.o = { ...o, attempt };
  }

  /**
   * Queues an event's deliveries (deps.onEvent): returns at once, sends on a later turn. An event no
   * endpoint subscribes to is dropped here rather than held, so that it dies young.
   */
  enqueue(event: StoredEvent): void {
    if (!this.o.endpoints().some((endpoint) => subscribes(endpoint, event))) return;
    this.hold.push(event, this.o.clock.now());
    this.wake();
  }

  /** An event's deliveries, due at `dueMs`, to the endpoints that subscribe (and existed before it). */
  private readonly deliveriesOf = (event: StoredEvent | EventHeading, dueMs: number): void => {
    const whole = 'data' in event ? event : undefined; // a heading's body is read when it is sent
    for (const endpoint of this.o.endpoints())
      if (subscribes(endpoint, event))
        this.add({ eventId: event.id, endpointId: endpoint.id, attempt: 1, dueMs, event: whole });
  };

  /** Makes every held event's deliveries (for a question about them, which must count them). */
  private unhold(): void {
    this.hold.release(this.o.clock.now(), this.deliveriesOf, true);
  }

  /** Rebuilds the queue from the events (a cut-short disabling's raised first) and the attempts logged. */
  async restore(): Promise<void> {
    await raiseUnannounced(this.o.events, this.o.endpoints());
    const requeues = this.o.requeues?.replayed() ?? [];
    const { last, failingSince, resent } = replayLogs(this.o.log.replayed(), requeues);
    for (const [id, ms] of failingSince) this.failingSince.set(id, ms);
    const left = await leftToDeliver(this.o.events, this.o.endpoints(), last, this.o.clock.now(), resent);
    for (const { eventId, endpointId, succeeded } of left.settled)
      this.outcomes.settle(eventId, endpointId, succeeded);
    for (const task of left.pending) this.add(task);
    this.wake();
  }

  /** Sends every delivery due now (and those due by the time they finish); resolves when they are done. */
  async runDue(): Promise<void> {
    for (;;) {
      this.startDue(Number.POSITIVE_INFINITY);
      if (this.running.size === 0) return;
      await Promise.all([...this.running]);
    }
  }

  /** Sends deliveries on its own from now on: due ones at once, retries when their time comes. */
  start(): void {
    this.started = true;
    this.wake();
  }

  /** Events held while the API is busy, their deliveries not yet made. */
  get held(): number {
    return this.hold.length;
  }

  /** Deliveries queued (due or waiting for a retry) and in flight. */
  get pending(): number {
    this.unhold();
    return this.queued.size;
  }

  /** Whether the event's deliveries succeeded (GET /v2/events?delivery_success; DeliveryOutcomes.of). */
  outcomeOf(eventId: string): boolean | undefined {
    this.unhold();
    return this.outcomes.of(eventId);
  }

  /** Whether a delivery of the event to the endpoint is queued or in flight. */
  isQueued(eventId: string, endpointId: string): boolean {
    this.unhold();
    return this.queued.has(keyOf(eventId, endpointId));
  }

  /** The endpoint's deliveries queued (in flight included) and the soonest one's time (ms). */
  backlog(endpointId: string): { waiting: number; nextMs: number | null } {
    this.unhold();
    let waiting = 0;
    for (const key of this.queued) if (key.endsWith(` ${endpointId}`)) waiting++;
    let nextMs: number | null = null; // not Math.min(...due): a backlog can outgrow the arguments' stack
    for (const t of [...this.ready, ...this.later])
      if (t.endpointId === endpointId) nextMs = Math.min(t.dueMs, nextMs ?? t.dueMs);
    return { waiting, nextMs };
  }

  /** Sends the events to the endpoint again from attempt 1, due now; durable first. */
  async requeue(endpointId: string, eventIds: string[]): Promise<void> {
    const now = this.o.clock.now();
    await this.o.requeues?.record({
      endpoint_id: endpointId,
      event_ids: eventIds,
      at: new Date(now).toISOString(),
    });
    this.failingSince.delete(endpointId);
    this.unhold();
    for (const eventId of eventIds) {
      const task = { eventId, endpointId, attempt: 1, dueMs: now };
      const waiting = this.later.findIndex((t) => t.eventId === eventId && t.endpointId === endpointId);
      if (!this.queued.has(keyOf(eventId, endpointId))) this.add(task);
      else if (waiting >= 0) this.ready.push({ ...this.later.splice(waiting, 1)[0], ...task });
      else if (!this.ready.some((t) => t.eventId === eventId && t.endpointId === endpointId))
        this.resendAfter.add(keyOf(eventId, endpointId)); // in flight: sent again once it ends
    }
    this.wake();
  }

  /** Stops sending; waits for attempts in flight. */
  async close(): Promise<void> {
    this.wakeups.close();
    await Promise.all([...this.running]);
  }

  private add(task: Task): void {
    const key = keyOf(task.eventId, task.endpointId);
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.outcomes.pend(task.eventId, task.endpointId);
    this.schedule(task);
  }

  private schedule(task: Task): void {
    if (task.dueMs <= this.o.clock.now()) this.ready.push(task);
    else {
      let at = this.later.length;
      while (at > 0 && (this.later[at - 1] as Task).dueMs > task.dueMs) at--;
      this.later.splice(at, 0, task);
    }
  }

  private wake(): void {
    if (this.started) this.wakeups.wake();
  }

  /** Starts what is due; looks again at the soonest retry (within 1 s: clocks jump), or a hold's end. */
  private look(): number | null {
    const held = this.startDue(this.o.concurrency);
    const next = this.later[0];
    const retry = next ? Math.min(1_000, Math.max(0, next.dueMs - this.o.clock.now())) : null;
    return held === 0 ? retry : Math.min(held, retry ?? held);
  }

  /** Starts due deliveries up to `limit` in flight; returns how long the rest are held back (ms). */
  private startDue(limit: number): number {
    const now = this.o.clock.now();
    const held = this.hold.release(now, this.deliveriesOf);
    while (this.later.length > 0 && (this.later[0] as Task).dueMs <= now)
      this.ready.push(this.later.shift() as Task);
    while (this.running.size < limit) {
      const oldest = this.ready.oldest();
      const wait = oldest ? burstWait(this.o.load, oldest.dueMs, now, this.o.burstDeferMs) : 0;
      if (wait > 0) return held > 0 ? Math.min(held, wait) : wait;
      const task = this.ready.take();
      if (task === undefined) break;
      const run: Promise<void> = this.deliver(task)
        .catch((error: unknown) =>
          console.error(`Webhooks: ${task.eventId} to ${task.endpointId}: ${String(error)}`),
        )
        .finally(() => {
          this.running.delete(run);
          this.ready.ended(task);
          this.wake();
        });
      this.running.add(run);
    }
    return held;
  }

  private async deliver(task: Task): Promise<void> {
    const key = keyOf(task.eventId, task.endpointId);
    const endpoint = await this.o.webhooks.get(task.endpointId);
    const event = task.event ?? (await this.o.events.get(task.eventId));
    if (!endpoint || endpoint.status !== 'enabled' || !event) {
      this.queued.delete(key);
      this.outcomes.settle(task.eventId, task.endpointId, false);
      return;
    }
    const result = await this.o.attempt(event, endpoint, task.attempt);
    const now = this.o.clock.now();
    if (!result.failed) this.failingSince.delete(endpoint.id);
    else if (!this.failingSince.has(endpoint.id))
      this.failingSince.set(endpoint.id, Date.parse(result.record.at));
    const failingFor = now - (this.failingSince.get(endpoint.id) ?? now);
    const disable = result.gone ? 'gone' : result.failed && failingFor >= disableAfterMs ? 'failing' : null;
    if (disable === 'failing') Object.assign(result.record, { outcome: 'endpoint-disabled', next_at: null });
    await this.o.log.record(result.record);
    const resend = this.resendAfter.delete(key) && disable === null;
    if (resend || (result.retryAtMs !== null && disable === null)) {
      const next = resend
        ? { attempt: 1, dueMs: now }
        : { attempt: task.attempt + 1, dueMs: result.retryAtMs };
      this.schedule({ ...task, ...next, dueMs: next.dueMs ?? now, event: undefined });
      return;
    }
    this.queued.delete(key);
    this.outcomes.settle(task.eventId, task.endpointId, !result.failed);
    if (disable) await this.disable(endpoint, disable);
  }

  /** Disables an endpoint, drops its deliveries and raises `endpoint.disabled`. */
  private async disable(endpoint: WebhookEndpoint, reason: string): Promise<void> {
    // Deliveries in flight at once can all be refused: the endpoint is disabled, and said so, once.
    if (this.disabling.has(endpoint.id)) return;
    this.disabling.add(endpoint.id);
    try {
      await this.disableOnce(endpoint, reason);
    } finally {
      this.disabling.delete(endpoint.id);
    }
  }

  private async disableOnce(endpoint: WebhookEndpoint, reason: string): Promise<void> {
    // Events held for it become its deliveries first, so they are dropped and settled as the rest.
    this.unhold();
    // Saved naming its event, which a restart raises if a kill comes before the raise below.
    const event = await disableStored(this.o.webhooks, endpoint.id, reason, this.o.clock.now());
    if (event === undefined) return;
    const dropped = (t: Task) => t.endpointId === endpoint.id;
    for (const t of [...this.ready.remove(dropped), ...this.later.filter(dropped)]) {
      this.queued.delete(keyOf(t.eventId, t.endpointId));
      this.outcomes.settle(t.eventId, t.endpointId, false);
    }
    this.later = this.later.filter((t) => !dropped(t));
    await this.o.events.raise(event);
    this.enqueue(event);
  }
}
