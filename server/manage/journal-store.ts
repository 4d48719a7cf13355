// The management journal on the embedded default: the issued-keys file (ESTATE_ISSUED_KEYS, else
// data/issued-keys.jsonl), append-only. A change and its audit entry are ONE line, hash-chained to
// the line before, written once and fsync'd before the change is acknowledged: after a kill -9
// both exist or neither does. Lines from before the trail (keys:issue/revoke/rotate of earlier
// versions) still count as key changes. Other writers' lines are read within a second.
import { closeSync, existsSync, fsyncSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { scanLines } from '../../src/node/file-lines.ts';
import { readFileLine } from '../../src/lib/issued-keys.ts';
import { auditEntrySchema, preTrailText, type ChainSigner } from '../../src/manage/audit.ts';
import { effectSchema } from '../../src/manage/effects.ts';
import { Ledger, type Decision, type ManageStore, type TextSha256 } from '../../src/manage/ledger.ts';
import type { ManageSeed } from '../../src/manage/state.ts';
import { StoreUnavailableError } from '../../src/api/orders/deps.ts';
import { withFileLock } from '../folder-lock.ts';

/** A 503 for a write that waited 10 s for the journal's lock (one writer at a time, across processes). */
const journalLocked = () => new StoreUnavailableError('the management journal is locked by another writer');

const changeLineSchema = z.object({
  event: z.literal('change'),
  prev: z.string(),
  hash: z.string(),
  entry: auditEntrySchema,
  effects: z.array(effectSchema),
});

/** Reads one journal line into a ledger: a change, a line from before the trail, or nothing. */
export function foldLine(ledger: Ledger, text: string, sha256: TextSha256): void {
  const read = readFileLine(text);
  if (read.kind === 'key') {
    // Key lines from before the trail are folded in, and chained for the first entry to bind; one
    // written after the trail began, outside the management API, is not (audit:verify names it).
    if (ledger.seq === 0) return ledger.applyLegacy(read.line, sha256(preTrailText(ledger.head, text)));
    console.error(
      `Management journal: a key line after audit entry seq ${ledger.seq} was not applied: it is outside the trail (npm run audit:verify)`,
    );
    return;
  }
  const change = read.kind === 'change' ? changeLineSchema.safeParse(read.value) : null;
  if (change?.success) return ledger.applyChange(change.data);
  if (change || text.includes('"event":"change"'))
    console.error(
      `Management journal: the change line after audit entry seq ${ledger.seq} cannot be read (torn or altered) and was not applied (npm run audit:verify)`,
    );
  else if (text.trim() !== '')
    console.error(
      `Management journal: a line after audit entry seq ${ledger.seq} is neither a change nor a key line and was not applied (npm run audit:verify)`,
    );
}

/** A commit waiting for the next batch. */
interface Waiting {
  decide: (ledger: Ledger) => Decision<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The journal store. Commits that arrive while a batch is being written wait and go together in
 * the next one (group commit): one lock, one write, one fsync for the batch, each decided in turn
 * on the state the ones before it left, and none answered before the fsync.
 */
export class JournalManageStore implements ManageStore {
  private ledger: Ledger;
  private readonly seed: ManageSeed;
  private readonly file: string;
  private readonly sha256: TextSha256;
  private readonly recheckMs: number;
  private readonly now: () => number;
  private readonly sign: ChainSigner | undefined;
  private offset = 0;
  private checkedAt = -Infinity;
  private waiting: Waiting[] = [];
  private flushing: Promise<void> | null = null;

  /**
   * `recheckMs` bounds how stale `current()` is; `now` is a monotonic clock in ms (tests inject
   * one); `sign` signs each line's hash (the server's and the CLI's stores do).
   */
  constructor(
    file: string,
    seed: ManageSeed,
    sha256: TextSha256,
    options: { recheckMs?: number; now?: () => number; sign?: ChainSigner } = {},
  ) {
    this.file = file;
    this.seed = seed;
    this.ledger = new Ledger(seed);
    this.sha256 = sha256;
    this.recheckMs = options.recheckMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
    this.sign = options.sign;
    this.refresh();
  }

  /** The ledger, with other writers' lines read when `recheckMs` have passed since the last look. */
  current(): Ledger {
    if (this.now() - this.checkedAt >= this.recheckMs) this.refresh();
    return this.ledger;
  }

  /** Reads the lines appended since the last look (a key issued a moment ago elsewhere). */
  refresh(): void {
    this.checkedAt = this.now();
    if (!existsSync(this.file) || statSync(this.file).size <= this.offset) return;
    this.offset = scanLines(
      this.file,
      (raw) => foldLine(this.ledger, raw.toString('utf8'), this.sha256),
      this.offset,
    );
  }

  /** Decides on the latest lines under the journal's lock; answers once its line is fsync'd. */
  commit<T>(decide: (ledger: Ledger) => Decision<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ decide, resolve: resolve as (value: unknown) => void, reject });
      this.flushing ??= this.flush().finally(() => (this.flushing = null));
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        const answers = await withFileLock(this.file, () => this.writeBatch(batch), journalLocked);
        batch.forEach((waiting, i) => waiting.resolve(answers[i]));
      } catch (error) {
        batch.forEach((waiting) => waiting.reject(error));
      }
    }
  }

  /** Decides each commit of a batch in turn, appends their lines in one write, fsyncs once. */
  private writeBatch(batch: Waiting[]): unknown[] {
    this.refresh();
    // A line a crashed writer left half-written (no newline) would glue onto ours: cut it off.
    if (existsSync(this.file) && statSync(this.file).size > this.offset) truncateSync(this.file, this.offset);
    const text: string[] = [];
    const answers = batch.map((waiting) => {
      const decision = waiting.decide(this.ledger);
      if ('answer' in decision) return () => decision.answer;
      const line = this.ledger.seal(decision.write, this.sha256, this.sign);
      // Applied now so the next commit of the batch decides on it; answered only after the fsync.
      this.ledger.applyChange(line);
      text.push(`${JSON.stringify(line)}\n`);
      return () => decision.then(line.entry);
    });
    if (text.length > 0) {
      const bytes = Buffer.from(text.join(''));
      try {
        const fd = openSync(this.file, 'a', 0o600);
        try {
          writeSync(fd, bytes);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
      } catch (error) {
        // Nothing of the batch is acknowledged: read the state again from what the file holds.
        this.ledger = new Ledger(this.seed);
        this.offset = 0;
        this.refresh();
        throw error;
      }
      this.offset += bytes.length;
    }
    return answers.map((answer) => answer());
  }

  /** Waits for the writes under way. */
  async close(): Promise<void> {
    await this.flushing;
  }
}
