// Durable orders: append-only NDJSON journal files with group commit. Appends gather over a few
// turns of the event loop, then each batch is one write on one lane (its own file, opened O_SYNC),
// and every request in it resolves only after that write. Appends that arrive while every lane is
// busy wait for the next batch; two lanes let syncs overlap. Replayed at start; a torn last line
// (kill -9 mid-write) was never acknowledged and is cut off.
import {
  close,
  existsSync,
  fstat,
  ftruncate,
  mkdirSync,
  open,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  write,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OrderStore, StoredOrder } from '../src/api/orders/deps.ts';

const openFile = promisify(open);

/** Journal files written at once (each its own group-commit lane). */
export const journalLanes = 2;

/**
 * A batch waits for more orders for up to `gatherTurns` extra event-loop turns, until it holds
 * `batchTarget` orders (PostgreSQL's commit_delay and commit_siblings, counted in turns rather than
 * microseconds). An idle loop turns at once, so a lone request barely waits; a busy one carries
 * many requests per turn, and fewer, larger writes leave more CPU for requests.
 */
export const groupCommit = { gatherTurns: 3, batchTarget: 16 } as const;

/** The journal file of one lane inside an orders directory. */
export function journalFile(dir: string, lane = 0): string {
  return join(dir, `orders-${lane}.ndjson`);
}

/** Every journal file of an orders directory. */
export function journalFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .sort()
    .map((f) => join(dir, f));
}

/** Reads every complete order line of a journal (oldest first). */
export function readJournal(dir: string): StoredOrder[] {
  const orders: StoredOrder[] = [];
  for (const file of journalFiles(dir)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        orders.push(JSON.parse(line) as StoredOrder);
      } catch {
        // A torn line from a crash mid-write: its request never got a 201.
      }
    }
  }
  return orders.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Cuts a torn last line (never acknowledged) so the next append starts on a line of its own. */
function dropTornTail(file: string): void {
  if (!existsSync(file)) return;
  const bytes = readFileSync(file);
  if (bytes.length === 0 || bytes[bytes.length - 1] === 0x0a) return;
  truncateSync(file, bytes.lastIndexOf(0x0a) + 1);
}

/**
 * Takes the orders folder for this process, or throws naming the process that holds it: two writers
 * would split rate limits and idempotency records, and one's torn-tail repair could cut the other's
 * batch. A lock left by a process that died (kill -9) is taken over. Returns the release.
 */
export function lockFolder(dir: string): () => void {
  const file = join(dir, '.lock');
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder))
      throw new Error(`${dir} is in use by process ${holder}: one Orders API process per orders folder`);
    rmSync(file, { force: true });
  }
}

/** Whether a process with this pid is running. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Pending {
  id: string;
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** An order store whose `create` resolves once the order is synced to the journal. */
export class JournalOrderStore implements OrderStore {
  /**
   * Every stored order by id, kept as its journal line: one string per order rather than a tree
   * of objects keeps a large index cheap for the garbage collector. Read back on demand.
   */
  private readonly lines = new Map<string, string>();
  private pending: Pending[] = [];
  /** A flush is scheduled for a later turn of the event loop. */
  private gathering = false;
  /** Each lane's file descriptor, and those with no write in flight. */
  private readonly lanes: number[];
  private readonly free: number[];

  private readonly unlock: () => void;

  private constructor(lanes: number[], unlock: () => void) {
    this.lanes = lanes;
    this.free = [...lanes];
    this.unlock = unlock;
  }

  /** Opens (creating) the journal in `dir` and replays it; one process per folder (see lockFolder). */
  static async open(dir: string): Promise<JournalOrderStore> {
    mkdirSync(dir, { recursive: true });
    const unlock = lockFolder(dir);
    try {
      for (const file of journalFiles(dir)) dropTornTail(file);
      const existing = readJournal(dir);
      const lanes = await Promise.all(
        Array.from({ length: journalLanes }, (_, lane) => openFile(journalFile(dir, lane), 'as')),
      );
      const store = new JournalOrderStore(lanes, unlock);
      for (const order of existing) store.lines.set(order.id, JSON.stringify(order));
      return store;
    } catch (error) {
      unlock();
      throw error;
    }
  }

  /** Appends an order; resolves after its batch is synced, then the order is readable. */
  create(order: StoredOrder): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ id: order.id, line: JSON.stringify(order) + '\n', resolve, reject });
      if (!this.gathering) this.gather();
    });
  }

  /** Flushes on a later turn of the event loop, after up to `gatherTurns` turns of gathering. */
  private gather(): void {
    this.gathering = true;
    let turns = 0;
    const turn = () => {
      if (this.pending.length < groupCommit.batchTarget && turns++ < groupCommit.gatherTurns) {
        setImmediate(turn);
        return;
      }
      this.gathering = false;
      this.kick();
    };
    setImmediate(turn);
  }

  /** Starts a batch on every free lane while orders are waiting. */
  private kick(): void {
    while (this.pending.length > 0 && this.free.length > 0) {
      const lane = this.free.pop() as number;
      const batch = this.pending;
      this.pending = [];
      this.flush(lane, batch, () => {
        this.free.push(lane);
        this.kick();
      });
    }
  }

  /**
   * Writes a batch on a lane, then answers every order in it. Lanes are opened O_APPEND|O_SYNC: one
   * write on the libuv pool returns only once the batch is on disk, so the event loop does neither
   * the copy nor the sync. Callbacks rather than promises: this runs for every batch.
   */
  private flush(lane: number, batch: Pending[], freed: () => void): void {
    const data = Buffer.from(batch.map((p) => p.line).join(''));
    write(lane, data, (error, bytesWritten) => {
      if (error === null && bytesWritten === data.length) {
        for (const p of batch) {
          this.lines.set(p.id, p.line);
          p.resolve();
        }
        freed();
        return;
      }
      // A short write (disk full) is a failed batch: cut it off so the next batch starts on a
      // line of its own, then refuse all of it.
      const landed = error === null ? bytesWritten : 0;
      const failure = error ?? new Error(`journal write stopped after ${landed} of ${data.length} bytes`);
      const refuse = () => {
        for (const p of batch) p.reject(failure);
        freed();
      };
      if (landed === 0) refuse();
      else fstat(lane, (_, stats) => (stats ? ftruncate(lane, stats.size - landed, refuse) : refuse()));
    });
  }

  /** A stored order by id. */
  get(id: string): StoredOrder | undefined {
    const line = this.lines.get(id);
    return line === undefined ? undefined : (JSON.parse(line) as StoredOrder);
  }

  /** How many orders are stored. */
  count(): number {
    return this.lines.size;
  }

  /** Every stored order, in the order they were stored (replayed oldest first). */
  all(): StoredOrder[] {
    return Array.from(this.lines.values(), (line) => JSON.parse(line) as StoredOrder);
  }

  /** Waits for pending appends, then closes the files. */
  async close(): Promise<void> {
    while (this.free.length < this.lanes.length || this.pending.length > 0)
      await new Promise((done) => setImmediate(done));
    await Promise.all(this.lanes.map((lane) => new Promise((done) => close(lane, done))));
    this.unlock();
  }
}
