// Delivery attempts as recorded (the webhook_attempts of analysts and the console), and what they
// say once replayed: which deliveries are settled, which wait for a retry and since when each
// endpoint has been failing. The embedded log is webhook-attempts.jsonl in the orders folder.
import { join } from 'node:path';
import type { DeliveryAttempt } from '../../src/api/orders/events/endpoint-deliveries.ts';
import { JsonlFile } from '../events/jsonl-file.ts';

/** One attempt to deliver one event to one endpoint. */
export type AttemptRecord = DeliveryAttempt;

/** Where attempts are recorded. */
export interface AttemptLog {
  record(attempt: AttemptRecord): Promise<void>;
  /** Every attempt recorded before this process started, oldest first. */
  replayed(): AttemptRecord[];
  close(): Promise<void>;
}

/** The attempts file of an orders folder. */
export const attemptsFile = (dir: string) => join(dir, 'webhook-attempts.jsonl');

/**
 * The embedded attempt log: appended without a sync, since a lost line only means a delivery is
 * sent again after a crash (at least once), and never slows the next attempt.
 */
export async function openAttemptFile(dir: string): Promise<AttemptLog> {
  const earlier: AttemptRecord[] = [];
  const file = await JsonlFile.open<AttemptRecord>(attemptsFile(dir), false, (a) => earlier.push(a));
  return {
    record: (attempt) => file.append(attempt),
    replayed: () => earlier,
    close: () => file.close(),
  };
}

/** Attempts kept in memory only (tests, the MSW mocks). */
export function memoryAttemptLog(): AttemptLog & { all: AttemptRecord[] } {
  const all: AttemptRecord[] = [];
  return {
    all,
    record: (attempt) => {
      all.push(attempt);
      return Promise.resolve();
    },
    replayed: () => [],
    close: () => Promise.resolve(),
  };
}
