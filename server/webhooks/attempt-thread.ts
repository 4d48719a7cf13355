// The delivery thread: where the server's attempts are signed, sent and judged, off the API's event
// loop, at a lower scheduling priority than the thread that answers callers (docs/events.md,
// "Delivery and the API"). It takes batches of jobs and answers with batches of results.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { attemptDelivery, type AttemptContext } from './attempt.ts';
import { jitterRandom } from './schedule.ts';
import { httpSender } from './sender.ts';
import type { AttemptJob, AttemptReply, AttemptThreadData } from './threaded-attempts.ts';

const data = workerData as AttemptThreadData;
const port = parentPort;
if (port === null) throw new Error('attempt-thread.ts runs as a worker thread');
try {
  // On Linux a thread has its own nice value; elsewhere this may be refused, and the thread runs
  // at the process's priority (still off the API's event loop).
  setPriority(data.nice);
} catch {
  // Kept at the process's priority.
}

const ctx: AttemptContext = {
  send: httpSender(data.allowPrivate),
  nowMs: Date.now,
  random: jitterRandom,
  timeoutMs: data.timeoutMs,
};

let replies: AttemptReply[] = [];
const flush = () => {
  const batch = replies;
  replies = [];
  port.postMessage(batch);
};
const reply = (r: AttemptReply) => {
  if (replies.push(r) === 1) setImmediate(flush);
};

port.on('message', (jobs: AttemptJob[]) => {
  for (const job of jobs)
    attemptDelivery(ctx, job.event, job.endpoint, job.attempt).then(
      (result) => reply({ id: job.id, result }),
      (error: unknown) => reply({ id: job.id, error: String(error) }),
    );
});
