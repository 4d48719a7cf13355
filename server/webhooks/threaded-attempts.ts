// Attempts made on the delivery thread (attempt-thread.ts): the API's event loop only hands each
// one over and takes its result back, in batches of one turn of the loop. If the thread dies, the
// attempts it held fail (and are retried on the schedule) and a new thread takes the next ones,
// started after a pause that doubles while threads keep dying before answering (up to 30 s), so a
// thread that cannot start is not restarted in a tight loop.
import { Worker } from 'node:worker_threads';
import type { StoredEvent, WebhookEndpoint } from '../../src/api/orders/deps.ts';
import { attemptDelivery, type Attempt, type AttemptResult } from './attempt.ts';
import { jitterRandom } from './schedule.ts';

/** What the thread is started with. */
export interface AttemptThreadData {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Its nice value (Linux: the thread's own; 0 = the API's). */
  nice: number;
}

/** One attempt handed to the thread. */
export interface AttemptJob {
  id: number;
  event: StoredEvent;
  endpoint: WebhookEndpoint;
  attempt: number;
}

/** What the thread answers for one job. */
export type AttemptReply = { id: number; result: AttemptResult } | { id: number; error: string };

/**
 * The delivery thread's nice value: under a saturating load the kernel gives it about a tenth of
 * what it gives the API's thread (weights 110 against 1024), and all it wants when the API idles.
 */
export const deliveryNice = 10;

interface Waiting {
  job: AttemptJob;
  resolve: (result: AttemptResult) => void;
  reject: (error: Error) => void;
}

/** A delivery thread: `attempt` is the queues' Attempt; close it after the queue. */
export class AttemptThread {
  /** The running thread; null while a dead one's successor waits to start. */
  private worker: Worker | null;
  private readonly data: AttemptThreadData;
  private readonly waiting = new Map<number, Waiting>();
  private outbox: AttemptJob[] = [];
  private readonly script: URL;
  private nextId = 1;
  private closed = false;
  /** Threads in a row that died before answering anything. */
  private failedStarts = 0;
  /** How many times a thread died and was replaced. */
  restarts = 0;

  /** Starts the thread (`script`: another entry, for tests). */
  constructor(
    options: Partial<AttemptThreadData> &
      Pick<AttemptThreadData, 'timeoutMs' | 'allowPrivate'> & { script?: URL },
  ) {
    const { script, ...data } = options;
    this.data = { nice: deliveryNice, ...data };
    this.script = script ?? new URL('./attempt-thread.ts', import.meta.url);
    this.worker = this.spawn();
  }

  /** Makes attempt number `attempt` of `event` to `endpoint` on the thread. */
  readonly attempt: Attempt = (event, endpoint, attempt) =>
    new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('delivery thread closed'));
      if (this.worker === null)
        return void unanswered(event, endpoint, attempt, 'the delivery thread is restarting').then(
          resolve,
          reject,
        );
      const job = { id: this.nextId++, event, endpoint, attempt };
      this.waiting.set(job.id, { job, resolve, reject });
      if (this.outbox.push(job) === 1) setImmediate(() => this.flush());
    });

  /** Attempts handed over and not yet answered. */
  get inFlight(): number {
    return this.waiting.size;
  }

  /** Stops the thread; attempts still on it fail as if the endpoint had not answered. */
  async close(): Promise<void> {
    this.closed = true;
    this.flush();
    await this.worker?.terminate();
    this.failWaiting('the server stopped');
  }

  private spawn(): Worker {
    const worker = new Worker(this.script, { workerData: this.data });
    worker.unref();
    let answered = false;
    worker.on('message', (replies: AttemptReply[]) => {
      answered = true;
      for (const r of replies) {
        const w = this.waiting.get(r.id);
        if (!w) continue;
        this.waiting.delete(r.id);
        if ('result' in r) w.resolve(r.result);
        else w.reject(new Error(r.error));
      }
    });
    worker.on('error', (error: Error) =>
      console.error(`Webhooks: the delivery thread failed: ${error.message}`),
    );
    worker.on('exit', () => {
      if (this.closed) return;
      this.worker = null;
      this.failWaiting('the delivery thread stopped');
      this.restarts++;
      this.failedStarts = answered ? 0 : this.failedStarts + 1;
      const pauseMs = this.failedStarts === 0 ? 0 : Math.min(30_000, 100 * 2 ** (this.failedStarts - 1));
      setTimeout(() => {
        if (!this.closed) this.worker = this.spawn();
      }, pauseMs).unref();
    });
    return worker;
  }

  private flush(): void {
    if (this.outbox.length === 0 || this.worker === null) return;
    const jobs = this.outbox;
    this.outbox = [];
    this.worker.postMessage(jobs);
  }

  /** Settles every attempt still held as a failure (retried on the schedule). */
  private failWaiting(reason: string): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    this.outbox = [];
    for (const { job, resolve, reject } of waiting)
      unanswered(job.event, job.endpoint, job.attempt, reason).then(resolve, reject);
  }
}

/** The result of an attempt that got no answer, judged as every attempt is. */
function unanswered(
  event: StoredEvent,
  endpoint: WebhookEndpoint,
  attempt: number,
  reason: string,
): Promise<AttemptResult> {
  const send = () => Promise.resolve({ kind: 'failed' as const, reason, latencyMs: 0 });
  return attemptDelivery(
    { send, nowMs: Date.now, random: jitterRandom, timeoutMs: 0 },
    event,
    endpoint,
    attempt,
  );
}
