// The management journal on Postgres: keys, their lifecycle, management keys and the audit trail,
// shared by every worker on every machine. A change is one row (its effects and its audit entry,
// hash-chained) inserted under a transaction-scoped advisory lock after reading the rows before
// it, so writers never chain to one head. Each process folds the rows into its ledger: it hears
// other writers' rows when they commit (NOTIFY on `estate_manage`, LISTEN on a connection of its
// own), and polls every `pollMs` (250 ms) for any notification lost while that connection was down.
// A key or id it does not know is read for before it is refused (catchUp): it may be a moment old.
// Once open, it adopts the operators of console_operators, from before they joined the trail, if
// the journal has never had an operator change (server/operators/legacy-import.ts).
import { Ledger, type Decision, type ManageStore, type TextSha256 } from '../../../src/manage/ledger.ts';
import type { ChainSigner } from '../../../src/manage/audit.ts';
import type { ManageSeed } from '../../../src/manage/state.ts';
import { foldLine } from '../../manage/journal-store.ts';
import type { PostgresDatabase } from './database.ts';
import { adoptLegacyOperators } from '../../operators/legacy-import.ts';
import { readLegacyOperators } from './legacy-operators.ts';
import { PostgresListener } from './listener.ts';
import { postgresSql } from './sql.ts';

/** How often a process reads other writers' rows, in milliseconds, besides hearing them. */
export const managePollMs = 250;

/**
 * The shortest time between two reads for a key or id this process does not know, in milliseconds:
 * a stream of unknown keys costs Postgres at most one such read per interval (and waits for it).
 */
export const unknownReadEveryMs = 100;

/** The channel a committed change is announced on (its payload: the row's seq). */
const channel = 'estate_manage';

type Row = { seq: string; line: string };

/** What a commit's transaction came to: an answer without a change, or the row it wrote. */
type Outcome<T> = { kind: 'answer'; value: T } | { kind: 'written'; row: Row; answer: () => T };

/** The Postgres management store. */
export class PostgresManageStore implements ManageStore {
  private readonly ledger: Ledger;
  private readonly db: PostgresDatabase;
  private readonly sha256: TextSha256;
  private readonly sign: ChainSigner | undefined;
  private lastSeq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private listener: PostgresListener | undefined;
  /** Catch-up reads: the one callers wait for, the one under way, when the last began. */
  private nextRead: Promise<void> | null = null;
  private readRunning: Promise<void> = Promise.resolve();
  private readBeganMs = -Infinity;

  private constructor(db: PostgresDatabase, seed: ManageSeed, sha256: TextSha256, sign?: ChainSigner) {
    this.db = db;
    this.ledger = new Ledger(seed);
    this.sha256 = sha256;
    this.sign = sign;
  }

  /**
   * Opens the store: reads every row, listens, then polls every `pollMs`. A database that is out at
   * start is read once it answers (the workspace's keys work meanwhile), as the other stores connect late.
   * `sign` signs each row's hash (servers and the CLI do, with the management secret).
   */
  static async open(
    db: PostgresDatabase,
    seed: ManageSeed,
    sha256: TextSha256,
    pollMs = managePollMs,
    sign?: ChainSigner,
  ): Promise<PostgresManageStore> {
    const store = new PostgresManageStore(db, seed, sha256, sign);
    await store.poll().catch(() => undefined);
    // A database out at start leaves them for the next process that opens it.
    await adoptLegacyOperators(
      store,
      () => readLegacyOperators((text, values) => db.query('console_operator_list', text, values)),
      'console_operators',
    ).catch(() => undefined);
    store.listener = new PostgresListener(db.url, channel, (payload) => {
      if (payload === '' || Number(payload) > store.lastSeq) store.refresh();
    });
    await store.listener.start();
    store.timer = setInterval(() => void store.poll().catch(() => undefined), pollMs);
    store.timer.unref();
    return store;
  }

  /** The ledger as last read. */
  current(): Ledger {
    return this.ledger;
  }

  /** Reads other writers' rows soon (without waiting). */
  refresh(): void {
    void this.poll().catch(() => undefined);
  }

  /**
   * Reads the rows not seen yet, for a key or id this process does not know (one issued a moment
   * ago through another server), before it is refused. The read begins after the caller asked, so
   * a change committed before then is found; every caller that asks before it begins shares it.
   * One runs at a time, and none begins within `unknownReadEveryMs` of the last one's start (a
   * caller then waits for it). Never rejects: a read that fails leaves the ledger as it was.
   */
  catchUp(): Promise<void> {
    this.nextRead ??= (async () => {
      await this.readRunning;
      // A timer may fire a fraction of a millisecond early (libuv counts whole milliseconds from the
      // loop's cached time): wait again until the interval has truly passed.
      for (;;) {
        const waitMs = this.readBeganMs + unknownReadEveryMs - performance.now();
        if (waitMs <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(waitMs)));
      }
      this.nextRead = null; // who asks from now on needs a read that begins after them
      this.readBeganMs = performance.now();
      this.readRunning = this.poll().catch(() => undefined);
      await this.readRunning;
    })();
    return this.nextRead;
  }

  private fold(rows: Row[]): void {
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq <= this.lastSeq) continue;
      foldLine(this.ledger, row.line, this.sha256);
      this.lastSeq = seq;
    }
  }

  /** Folds the rows after the last one read (serialised with commits). */
  poll(): Promise<void> {
    const run = this.queue.then(async () => {
      this.fold(await this.db.query<Row>('manage_since', postgresSql('manage_since'), [this.lastSeq]));
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Decides on the latest rows and inserts the change, in one transaction under the lock. */
  commit<T>(decide: (ledger: Ledger) => Decision<T>): Promise<T> {
    const run = this.queue.then(async (): Promise<T> => {
      const outcome = await this.db.transaction('manage_commit', async (query): Promise<Outcome<T>> => {
        await query(postgresSql('manage_lock'), []);
        this.fold((await query(postgresSql('manage_since'), [this.lastSeq])) as Row[]);
        const decision = decide(this.ledger);
        if ('answer' in decision) return { kind: 'answer', value: decision.answer };
        const line = this.ledger.seal(decision.write, this.sha256, this.sign);
        const row = { seq: String(this.lastSeq + 1), line: JSON.stringify(line) };
        await query(postgresSql('manage_append'), [row.seq, row.line]);
        // Delivered to every listener when the transaction commits, never if it rolls back.
        await query(postgresSql('manage_notify'), [channel, row.seq]);
        return { kind: 'written', row, answer: () => decision.then(line.entry) };
      });
      if (outcome.kind === 'answer') return outcome.value;
      // Folded only once committed: a rolled-back row must never reach the ledger.
      this.fold([outcome.row]);
      return outcome.answer();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops polling and listening, and waits for the writes under way. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.listener?.close();
    await this.queue;
  }
}
