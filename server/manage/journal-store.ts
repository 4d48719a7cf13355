// The management journal on the embedded default: the issued-keys file (ESTATE_ISSUED_KEYS, else
// data/issued-keys.jsonl), append-only. A change and its audit entry are ONE line, hash-chained to
// the line before, written once and fsync'd before the change is acknowledged: after a kill -9
// both exist or neither does. Lines from before the trail (keys:issue/revoke/rotate of earlier
// versions) still count as key changes. Other writers' lines are read within a second.
import { closeSync, existsSync, fsyncSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { scanLines } from '../../src/lib/file-lines.ts';
import { parseIssuedKeysLine } from '../../src/lib/issued-keys.ts';
import { auditEntrySchema } from '../../src/manage/audit.ts';
import { effectSchema } from '../../src/manage/effects.ts';
import {
  Ledger,
  type ChangeLine,
  type Decision,
  type ManageStore,
  type TextSha256,
} from '../../src/manage/ledger.ts';
import type { ManageSeed } from '../../src/manage/state.ts';
import { withAppendLock } from './append-lock.ts';

const changeLineSchema = z.object({
  event: z.literal('change'),
  prev: z.string(),
  hash: z.string(),
  entry: auditEntrySchema,
  effects: z.array(effectSchema),
});

/** Reads one journal line into a ledger: a change, a line from before the trail, or nothing. */
export function foldLine(ledger: Ledger, text: string): void {
  if (text.startsWith('{"event":"change"')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const line = changeLineSchema.safeParse(value);
    if (line.success) ledger.applyChange(line.data as ChangeLine);
    return;
  }
  const legacy = parseIssuedKeysLine(text);
  if (legacy) ledger.applyLegacy(legacy);
}

/** The journal store. */
export class JournalManageStore implements ManageStore {
  private readonly ledger: Ledger;
  private readonly file: string;
  private readonly sha256: TextSha256;
  private readonly recheckMs: number;
  private offset = 0;
  private checkedAt = -Infinity;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(file: string, seed: ManageSeed, sha256: TextSha256, options: { recheckMs?: number } = {}) {
    this.file = file;
    this.ledger = new Ledger(seed);
    this.sha256 = sha256;
    this.recheckMs = options.recheckMs ?? 1000;
    this.refresh();
  }

  /** The ledger, with other writers' lines read when `recheckMs` have passed since the last look. */
  current(): Ledger {
    if (performance.now() - this.checkedAt >= this.recheckMs) this.refresh();
    return this.ledger;
  }

  /** Reads the lines appended since the last look (a key issued a moment ago elsewhere). */
  refresh(): void {
    this.checkedAt = performance.now();
    if (!existsSync(this.file) || statSync(this.file).size <= this.offset) return;
    this.offset = scanLines(this.file, (raw) => foldLine(this.ledger, raw.toString('utf8')), this.offset);
  }

  /** Decides on the latest lines under the journal's lock, then appends one fsync'd line. */
  commit<T>(decide: (ledger: Ledger) => Decision<T>): Promise<T> {
    const run = this.queue.then(() => withAppendLock(this.file, () => this.commitLocked(decide)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private commitLocked<T>(decide: (ledger: Ledger) => Decision<T>): T {
    this.refresh();
    // A line a crashed writer left half-written (no newline) would glue onto ours: cut it off.
    if (existsSync(this.file) && statSync(this.file).size > this.offset) truncateSync(this.file, this.offset);
    const decision = decide(this.ledger);
    if ('answer' in decision) return decision.answer;
    const line = this.ledger.seal(decision.write, this.sha256);
    const fd = openSync(this.file, 'a', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(line)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.refresh();
    return decision.then(line.entry);
  }

  /** Waits for the writes under way. */
  async close(): Promise<void> {
    await this.queue;
  }
}
