// Durable orders: append-only NDJSON journal files with group commit. Appends gather over a few
// turns of the event loop, then each batch is one write on one lane (its own file, opened O_SYNC),
// and every request in it resolves only after that write. Appends that arrive while every lane is
// busy wait for the next batch; two lanes let syncs overlap. Lines stay on disk: memory holds only
// where each one is. Replayed at start, a chunk at a time; a torn last line (kill -9 mid-write) was
// never acknowledged and is cut off. A disk that refuses is a store that is out (503): a lane that
// cannot cut a refused batch off leaves service, says so once, and is probed until it can.
import { close, closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import {
  StoreUnavailableError,
  type OrderListPage,
  type OrderListQuery,
  type OrderStore,
  type StoredOrder,
} from '../src/api/orders/deps.ts';
import { lockFolder } from './folder-lock.ts';
import { gatherThenFlush, type GatherPolicy } from './gather.ts';
import type { HealthCheck, HealthState } from './health.ts';
import { JournalLane, type BatchLine } from './journal-lane.ts';
import { journalFile, journalFiles, replayJournalFile } from './journal-read.ts';
import { OrderIndex } from './order-index.ts';
import { OrderTimeline } from './order-timeline.ts';

/** Journal files written at once (each its own group-commit lane). */
export const journalLanes = 2;

/**
 * A batch waits for more orders for up to `gatherTurns` extra event-loop turns, until it holds
 * `batchTarget` orders (PostgreSQL's commit_delay and commit_siblings, counted in turns rather than
 * microseconds). An idle loop turns at once, so a lone request barely waits; a busy one carries
 * many requests per turn, and fewer, larger writes leave more CPU for requests.
 */
export const groupCommit: GatherPolicy = { gatherTurns: 3, batchTarget: 16 };

/** How often a lane out of service is probed, by default (ms). */
export const journalProbeMs = 1_000;

/** How the journal probes lanes out of service, and where it tells of faults (one line each). */
export interface JournalOptions {
  probeMs?: number;
  log?: (line: string) => void;
}

/** An error's message, for a log line. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Pending extends BatchLine {
  order: StoredOrder;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** An order store whose `create` resolves once the order is synced to the journal. */
export class JournalOrderStore implements OrderStore, HealthCheck {
  /** Its name in readiness reports. */
  readonly name = 'journal';
  private pending: Pending[] = [];
  /** A flush is scheduled for a later turn of the event loop. */
  private gathering = false;
  /** The last created_at parsed, and its time (see createdMs). */
  private lastCreated = { at: '', ms: Number.NaN };
  private readonly index: OrderIndex;
  private readonly timeline: OrderTimeline;
  private readonly lanes: JournalLane[];
  /** The lanes in service with no write in flight. */
  private readonly free: JournalLane[];
  private writing = 0;
  /** A read-only descriptor per journal file, by file number. */
  private readonly readers: number[];
  private readonly unlock: () => void;
  private closing: Promise<void> | null = null;
  private readonly probeMs: number;
  private readonly log: (line: string) => void;
  /** The probe timer of each lane out of service. */
  private readonly probes = new Map<JournalLane, ReturnType<typeof setInterval>>();

  private constructor(
    index: OrderIndex,
    timeline: OrderTimeline,
    lanes: JournalLane[],
    readers: number[],
    unlock: () => void,
    options: JournalOptions,
  ) {
    this.index = index;
    this.timeline = timeline;
    this.lanes = lanes;
    this.free = [...lanes];
    this.readers = readers;
    this.unlock = unlock;
    this.probeMs = options.probeMs ?? journalProbeMs;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /**
   * Opens (creating) the journal in `dir`, one process per folder (see lockFolder), and replays it:
   * `visit` sees every order line, oldest first within each file.
   */
  static async open(
    dir: string,
    options: JournalOptions = {},
    visit?: (order: StoredOrder) => void,
  ): Promise<JournalOrderStore> {
    mkdirSync(dir, { recursive: true });
    const unlock = await lockFolder(dir);
    const lanes: JournalLane[] = [];
    const readers: number[] = [];
    try {
      // The lanes' files first (file number = lane), then any other journal file left in the folder.
      const laneFiles = Array.from({ length: journalLanes }, (_, lane) => journalFile(dir, lane));
      const files = [...laneFiles, ...journalFiles(dir).filter((file) => !laneFiles.includes(file))];
      if (files.length > 256) throw new Error(`${dir} holds ${files.length} journal files; 256 at most`);
      const index = new OrderIndex();
      const timeline = new OrderTimeline();
      const sizes = files.map((file, fileNo) =>
        replayJournalFile(file, fileNo, index, (order) => {
          timeline.addUnsorted(order.id, Date.parse(order.created_at), order.environment, order.customer);
          visit?.(order);
        }),
      );
      timeline.settle();
      for (const [lane, file] of laneFiles.entries())
        lanes.push(await JournalLane.open(file, lane, sizes[lane] ?? 0));
      for (const file of files) readers.push(openSync(file, 'r'));
      return new JournalOrderStore(index, timeline, lanes, readers, unlock, options);
    } catch (error) {
      await Promise.all(lanes.map((lane) => lane.close()));
      for (const fd of readers) closeSync(fd);
      unlock();
      throw error;
    }
  }

  /** Appends an order; resolves after its batch is synced, then the order is readable. */
  create(order: StoredOrder): Promise<void> {
    return new Promise((resolve, reject) => {
      const line = JSON.stringify(order) + '\n';
      this.pending.push({ order, line, at: 0, end: 0, resolve, reject });
      if (!this.gathering) this.gather();
    });
  }

  /** Flushes on a later turn of the event loop, after up to `gatherTurns` turns of gathering. */
  private gather(): void {
    this.gathering = true;
    gatherThenFlush(
      () => this.pending.length,
      groupCommit,
      () => {
        this.gathering = false;
        this.kick();
      },
    );
  }

  /** Starts a batch on every free lane while orders are waiting; refuses them if no lane is left. */
  private kick(): void {
    while (this.pending.length > 0 && this.free.length > 0) {
      const lane = this.free.pop() as JournalLane;
      const batch = this.pending;
      this.pending = [];
      this.writing++;
      lane.append(batch, (error, start) => {
        this.writing--;
        if (error === null) this.stored(lane, batch, start);
        else {
          const refused = new StoreUnavailableError('The orders journal refused the write', 1, {
            cause: error,
          });
          for (const p of batch) p.reject(refused);
        }
        if (lane.broken === null) this.free.push(lane);
        else this.outOfService(lane);
        this.kick();
      });
    }
    if (this.pending.length > 0 && this.free.length === 0 && this.writing === 0) {
      const failure = new StoreUnavailableError(
        'No orders journal lane is in service',
        Math.max(1, Math.ceil(this.probeMs / 1000)),
        { cause: this.lanes.find((lane) => lane.broken !== null)?.broken },
      );
      for (const p of this.pending.splice(0)) p.reject(failure);
    }
  }

  /** Says once that a lane left service, and probes it until it can serve again. */
  private outOfService(lane: JournalLane): void {
    if (this.probes.has(lane) || this.closing !== null) return;
    this.log(
      `Orders journal: lane ${lane.file} out of service: ${messageOf(lane.broken)}; ` +
        `probing every ${this.probeMs} ms (${this.health().detail})`,
    );
    const probe = setInterval(
      () =>
        lane.repair((repaired) => {
          if (!repaired || this.closing !== null) return;
          clearInterval(probe);
          this.probes.delete(lane);
          this.free.push(lane);
          this.log(`Orders journal: lane ${lane.file} back in service (${this.health().detail})`);
          this.kick();
        }),
      this.probeMs,
    );
    probe.unref();
    this.probes.set(lane, probe);
  }

  /** Ready while any lane is in service (readiness, GET /readyz). */
  health(): HealthState {
    const serving = this.lanes.filter((lane) => lane.broken === null).length;
    return { ready: serving > 0, detail: `${serving} of ${this.lanes.length} lanes in service` };
  }

  /** Indexes and answers every order of a batch that is on disk from `start` on. */
  private stored(lane: JournalLane, batch: Pending[], start: number): void {
    for (const p of batch) {
      // The line's length leaves out its newline, as a replay measures it.
      this.index.add(p.order.id, lane.file, start + p.at, p.end - p.at - 1);
      const { id, created_at, environment, customer } = p.order;
      this.timeline.add(id, this.createdMs(created_at), environment, customer);
      p.resolve();
    }
  }

  /** `Date.parse(createdAt)`, kept for the last time asked: a batch's orders share a few. */
  private createdMs(createdAt: string): number {
    if (createdAt !== this.lastCreated.at) this.lastCreated = { at: createdAt, ms: Date.parse(createdAt) };
    return this.lastCreated.ms;
  }

  /** A stored order by id, read back from its journal line (one positioned read). */
  get(id: string): StoredOrder | undefined {
    if (this.closing !== null) throw new Error('The order journal is closed');
    const place = this.index.find(id);
    if (place === undefined) return undefined;
    const bytes = Buffer.allocUnsafe(place.length);
    const read = readSync(this.readers[place.file] as number, bytes, 0, place.length, place.offset);
    const order = read === place.length ? (JSON.parse(bytes.toString('utf8')) as StoredOrder) : undefined;
    // Never another order in its place: a journal that moved under the index is a failure.
    if (order?.id !== id) throw new Error(`The journal line of ${id} is not where the index says`);
    return order;
  }

  /** An environment's orders, newest first (created_at, then id), one page at a time. */
  list(query: OrderListQuery): OrderListPage | null {
    let after: { createdMs: number; id: string } | undefined;
    if (query.startingAfter !== undefined) {
      const cursor = this.get(query.startingAfter);
      if (cursor?.environment !== query.environment) return null;
      after = { createdMs: Date.parse(cursor.created_at), id: cursor.id };
    }
    const { ids, hasMore } = this.timeline.page(query.environment, query.limit, after, query.customer);
    return { orders: ids.map((id) => this.get(id) as StoredOrder), hasMore };
  }

  /** How many orders are stored. */
  count(): number {
    return this.index.size;
  }

  /** Waits for pending appends, then closes the files (once, however often it is called). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const probe of this.probes.values()) clearInterval(probe);
      while (this.writing > 0 || this.pending.length > 0) await new Promise((done) => setImmediate(done));
      await Promise.all(this.lanes.map((lane) => lane.close()));
      await Promise.all(this.readers.map((fd) => new Promise((done) => close(fd, done))));
      this.unlock();
    })();
    return this.closing;
  }
}
