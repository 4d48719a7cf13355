// Durable orders: append-only NDJSON journal files with group commit. Appends gather over a few
// turns of the event loop, then each batch is one write on one lane (its own file, opened O_SYNC),
// and every request in it resolves only after that write. Appends that arrive while every lane is
// busy wait for the next batch; two lanes let syncs overlap. Lines stay on disk: memory holds only
// where each one is. Replayed at start, a chunk at a time; a torn last line (kill -9 mid-write) was
// never acknowledged and is cut off.
import { close, closeSync, ftruncate, mkdirSync, open, openSync, readSync, write } from 'node:fs';
import { promisify } from 'node:util';
import type { OrderStore, StoredOrder } from '../src/api/orders/deps.ts';
import { lockFolder } from './folder-lock.ts';
import { journalFile, journalFiles, replayJournalFile, type OrderVisitor } from './journal-read.ts';
import { OrderIndex } from './order-index.ts';

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

interface Pending {
  id: string;
  line: string;
  /** Where the line starts and ends in its batch's bytes, once the batch is encoded. */
  at: number;
  end: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A lane: its journal file (by number), a descriptor opened O_APPEND|O_SYNC, and its length. */
interface Lane {
  file: number;
  fd: number;
  size: number;
  /** Reused for each batch: a lane has one write in flight at most. */
  buffer: Buffer;
}

/** An order store whose `create` resolves once the order is synced to the journal. */
export class JournalOrderStore implements OrderStore {
  private pending: Pending[] = [];
  /** A flush is scheduled for a later turn of the event loop. */
  private gathering = false;
  private readonly index: OrderIndex;
  private readonly lanes: Lane[];
  /** The lanes with no write in flight. */
  private readonly free: Lane[];
  /** A read-only descriptor per journal file, by file number. */
  private readonly readers: number[];
  private readonly unlock: () => void;

  private constructor(index: OrderIndex, lanes: Lane[], readers: number[], unlock: () => void) {
    this.index = index;
    this.lanes = lanes;
    this.free = [...lanes];
    this.readers = readers;
    this.unlock = unlock;
  }

  /**
   * Opens (creating) the journal in `dir`, one process per folder (see lockFolder), and replays it:
   * `visit` sees every stored order once, oldest first within each file.
   */
  static async open(dir: string, visit?: OrderVisitor): Promise<JournalOrderStore> {
    mkdirSync(dir, { recursive: true });
    const unlock = lockFolder(dir);
    const opened: number[] = [];
    try {
      // The lanes' files first (file number = lane), then any other journal file left in the folder.
      const laneFiles = Array.from({ length: journalLanes }, (_, lane) => journalFile(dir, lane));
      const files = [...laneFiles, ...journalFiles(dir).filter((file) => !laneFiles.includes(file))];
      if (files.length > 256) throw new Error(`${dir} holds ${files.length} journal files; 256 at most`);
      const index = new OrderIndex();
      const sizes = files.map((file, fileNo) => replayJournalFile(file, fileNo, index, visit));
      const lanes: Lane[] = [];
      for (const [lane, file] of laneFiles.entries()) {
        const fd = await openFile(file, 'as');
        opened.push(fd);
        lanes.push({ file: lane, fd, size: sizes[lane] ?? 0, buffer: Buffer.alloc(0) });
      }
      const readers: number[] = [];
      for (const file of files) {
        readers.push(openSync(file, 'r'));
        opened.push(readers.at(-1) as number);
      }
      return new JournalOrderStore(index, lanes, readers, unlock);
    } catch (error) {
      for (const fd of opened) closeSync(fd);
      unlock();
      throw error;
    }
  }

  /** Appends an order; resolves after its batch is synced, then the order is readable. */
  create(order: StoredOrder): Promise<void> {
    return new Promise((resolve, reject) => {
      const line = JSON.stringify(order) + '\n';
      this.pending.push({ id: order.id, line, at: 0, end: 0, resolve, reject });
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
      const lane = this.free.pop() as Lane;
      const batch = this.pending;
      this.pending = [];
      this.flush(lane, batch, () => {
        this.free.push(lane);
        this.kick();
      });
    }
  }

  /**
   * Writes a batch on a lane, then indexes and answers every order in it. One write on the libuv
   * pool returns only once the batch is on disk (O_SYNC), so the event loop does neither the copy
   * nor the sync. Callbacks rather than promises: this runs for every batch.
   */
  private flush(lane: Lane, batch: Pending[], freed: () => void): void {
    const data = encode(lane, batch);
    write(lane.fd, data, 0, data.length, null, (error, bytesWritten) => {
      if (error === null && bytesWritten === data.length) {
        for (const p of batch) {
          // The line's length leaves out its newline, as a replay measures it.
          this.index.add(p.id, { file: lane.file, offset: lane.size + p.at, length: p.end - p.at - 1 });
          p.resolve();
        }
        lane.size += data.length;
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
      else ftruncate(lane.fd, lane.size, refuse);
    });
  }

  /** A stored order by id, read back from its journal line (one positioned read). */
  get(id: string): StoredOrder | undefined {
    const place = this.index.find(id);
    if (place === undefined) return undefined;
    const bytes = Buffer.allocUnsafe(place.length);
    const read = readSync(this.readers[place.file] as number, bytes, 0, place.length, place.offset);
    if (read !== place.length) throw new Error(`journal line of ${id} is cut short`);
    return JSON.parse(bytes.toString('utf8')) as StoredOrder;
  }

  /** How many orders are stored. */
  count(): number {
    return this.index.size;
  }

  /** Waits for pending appends, then closes the files. */
  async close(): Promise<void> {
    while (this.free.length < this.lanes.length || this.pending.length > 0)
      await new Promise((done) => setImmediate(done));
    const fds = [...this.lanes.map((lane) => lane.fd), ...this.readers];
    await Promise.all(fds.map((fd) => new Promise((done) => close(fd, done))));
    this.unlock();
  }
}

/** A batch's lines as UTF-8 in the lane's buffer (grown as needed), each line's place noted. */
function encode(lane: Lane, batch: Pending[]): Buffer {
  let units = 0;
  for (const p of batch) units += p.line.length;
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (lane.buffer.length < units * 3) lane.buffer = Buffer.allocUnsafe(Math.max(units * 3, 64 * 1024));
  let end = 0;
  for (const p of batch) {
    p.at = end;
    end += lane.buffer.write(p.line, end);
    p.end = end;
  }
  return lane.buffer.subarray(0, end);
}
