// Resends asked for (POST /v2/webhooks/{id}/resend and /recover, the console's endpoint page) on
// the embedded default: webhook-requeues.jsonl in the orders folder, each line synced before the
// resend is answered, so a resend accepted is sent after a kill -9 even if no attempt was logged.
import { join } from 'node:path';
import { JsonlFile } from '../events/jsonl-file.ts';

/** Deliveries of events to one endpoint asked to be sent again from attempt 1 (one line, one write). */
export interface RequeueRecord {
  endpoint_id: string;
  event_ids: string[];
  /** When it was asked (ISO): an attempt logged after it settles it again. */
  at: string;
}

/** Where resends are recorded. */
export interface RequeueLog {
  /** Resolves once durable. */
  record(line: RequeueRecord): Promise<void>;
  /** Every resend recorded before this process started, oldest first. */
  replayed(): RequeueRecord[];
  close(): Promise<void>;
}

/** The resends file of an orders folder. */
export const requeuesFile = (dir: string) => join(dir, 'webhook-requeues.jsonl');

/** The embedded resend log (synced). */
export async function openRequeueFile(dir: string): Promise<RequeueLog> {
  const earlier: RequeueRecord[] = [];
  const file = await JsonlFile.open<RequeueRecord>(requeuesFile(dir), true, (r) => earlier.push(r));
  return {
    record: (line) => file.append(line),
    replayed: () => earlier,
    close: () => file.close(),
  };
}

/** Resends kept in memory only (tests). */
export function memoryRequeueLog(): RequeueLog & { all: RequeueRecord[] } {
  const all: RequeueRecord[] = [];
  return {
    all,
    record: (line) => {
      all.push(line);
      return Promise.resolve();
    },
    replayed: () => [],
    close: () => Promise.resolve(),
  };
}
