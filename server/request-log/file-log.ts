// The embedded request log: every answer the API gives, appended to NDJSON segments under a size
// cap and indexed in memory by column (./columns.ts), so the console's filters, pages and figures
// answer in milliseconds over a million requests. Survives restarts and kill -9 (a batch waits at
// most `flushMs` in memory); older entries are never rewritten, only whole segments deleted.
import { mkdirSync, unlinkSync } from 'node:fs';
import type {
  KeyActivity,
  LiveSummary,
  RequestLog,
  RequestPage,
  RequestPageQuery,
} from '../../src/api/request-log.ts';
import type { LoggedRequest, RequestRecord } from '../../src/api/request-record.ts';
import { lockFolder } from '../folder-lock.ts';
import { RequestColumns } from './columns.ts';
import {
  appendLines,
  closeSegment,
  deleteSegment,
  listSegments,
  newSegmentPath,
  openSegment,
  readEntry,
  replaySegment,
  type Segment,
} from './segments.ts';
import { nearestRank } from './summary.ts';

/** Where and how big the log may grow, and how long a batch may wait. */
export interface FileLogOptions {
  dir: string;
  /** Cap on all segments together; the oldest segment goes first. */
  maxBytes: number;
  /** A segment is closed for appends once it reaches this size; default an eighth of the cap, 64 KiB–16 MiB. */
  segmentBytes?: number;
  /** How long an appended line may wait in memory before its batch is written. */
  flushMs?: number;
}

/** Defaults: 256 MiB in 16 MiB segments, batches written every 100 ms. */
export const fileLogDefaults = { maxBytes: 256 * 2 ** 20, segmentBytes: 16 * 2 ** 20, flushMs: 100 } as const;

/** Lines waiting for one segment, written together. */
interface Batch {
  segment: Segment;
  lines: string[];
  bytes: number;
}

/** The request log on local files (one process per folder). */
export class FileRequestLog implements RequestLog {
  private readonly columns = new RequestColumns();
  private readonly segments: Segment[] = [];
  private readonly bySegmentNo = new Map<number, Segment>();
  private queue: Batch[] = [];
  private flying: Batch | null = null;
  /** The flying batch's bytes: room for a busy 100 ms (a larger batch gets its own buffer). */
  private readonly scratch = Buffer.allocUnsafe(4 * 2 ** 20);
  /** Every line not yet on disk, oldest first: seq `unwrittenSeq + i`. */
  private unwritten: string[] = [];
  private unwrittenSeq = 1;
  private timer: NodeJS.Timeout | null = null;
  /** Who waits for entries below a seq to be written (or refused). */
  private waiters: { seq: number; done: () => void }[] = [];
  private failing = false;
  private closed = false;
  private readonly options: Required<FileLogOptions>;
  private readonly unlock: () => void;

  private constructor(options: Required<FileLogOptions>, unlock: () => void) {
    this.options = options;
    this.unlock = unlock;
  }

  /** Opens (creating) the log in `options.dir`, one process per folder, and replays what it holds. */
  static async open(options: FileLogOptions): Promise<FileRequestLog> {
    const segmentBytes = Math.min(
      fileLogDefaults.segmentBytes,
      Math.max(2 ** 16, Math.floor(options.maxBytes / 8)),
    );
    const full = { ...fileLogDefaults, segmentBytes, ...options };
    mkdirSync(full.dir, { recursive: true });
    const unlock = await lockFolder(full.dir);
    const log = new FileRequestLog(full, unlock);
    try {
      log.replay();
    } catch (error) {
      unlock();
      throw error;
    }
    return log;
  }

  /** Records an answered request: indexed at once, on disk within `flushMs`. */
  append(record: RequestRecord): void {
    if (this.closed) return;
    const line = JSON.stringify(record);
    const length = Buffer.byteLength(line);
    let segment = this.current();
    if (segment.size >= this.options.segmentBytes) segment = this.rotate();
    this.columns.push(record, { segment: segment.no, offset: segment.size, length });
    segment.size += length + 1;
    const last = this.queue.at(-1);
    if (last?.segment === segment) {
      last.lines.push(line);
      last.bytes += length + 1;
    } else this.queue.push({ segment, lines: [line], bytes: length + 1 });
    this.unwritten.push(line);
    this.timer ??= setTimeout(() => this.flush(), this.options.flushMs).unref();
  }

  /** A page of matching requests, newest first. */
  page(query: RequestPageQuery): Promise<RequestPage> {
    const { seqs, matched } = this.columns.scan(query, query.before, query.limit + 1);
    const rows = seqs.slice(0, query.limit).flatMap((seq) => this.read(seq) ?? []);
    const next = seqs.length > query.limit ? (seqs[query.limit - 1] ?? null) : null;
    return Promise.resolve({ rows, next, matched });
  }

  /** The request with this id, if the log still holds it. */
  find(requestId: string): Promise<LoggedRequest | undefined> {
    for (const seq of this.columns.candidates(requestId)) {
      const row = this.read(seq);
      if (row?.request_id === requestId) return Promise.resolve(row);
    }
    return Promise.resolve(undefined);
  }

  /** Requests, status classes, error share and p99 since `sinceMs`. */
  summary(sinceMs: number): Promise<LiveSummary> {
    const { byClass, latencies } = this.columns.since(sinceMs);
    const requests = latencies.length;
    const [c2, c3, c4, c5] = byClass;
    return Promise.resolve({
      sinceMs,
      requests,
      byClass: { '2xx': c2, '3xx': c3, '4xx': c4, '5xx': c5 },
      errorPct: requests === 0 ? null : ((c4 + c5) * 100) / requests,
      p99Ms: nearestRank(latencies, 0.99),
    });
  }

  /** Every key in the log, with its requests and last use. */
  keyActivity(): Promise<KeyActivity[]> {
    return Promise.resolve(this.columns.keyActivity());
  }

  /** Resolves once every entry appended so far is on disk (or was refused by it); writes now. */
  flushed(): Promise<void> {
    const seq = this.columns.nextSeq;
    if (this.unwrittenSeq >= seq) return Promise.resolve();
    if (this.timer) clearTimeout(this.timer);
    return new Promise((done) => {
      this.waiters.push({ seq, done });
      this.flush();
    });
  }

  /** Writes what waits, including what is appended meanwhile, then closes the files. */
  async close(): Promise<void> {
    // Answers keep coming while a flush is in flight: write until nothing waits or flies.
    do await this.flushed();
    while (this.flying !== null || this.queue.length > 0);
    // Answers going out after this are not logged: their files are closing.
    this.closed = true;
    for (const segment of this.segments) closeSegment(segment);
    this.unlock();
  }

  private current(): Segment {
    return this.segments.at(-1) ?? this.rotate();
  }

  /** Starts a new segment for the next entries. */
  private rotate(): Segment {
    const no = (this.segments.at(-1)?.no ?? -1) + 1;
    const seq = this.columns.nextSeq;
    const segment = openSegment(newSegmentPath(this.options.dir, seq), no, seq);
    this.segments.push(segment);
    this.bySegmentNo.set(no, segment);
    return segment;
  }

  /**
   * Writes the oldest waiting batch, one write in flight at a time. The next one waits for its
   * timer (each line waits at most `flushMs`, plus a write in flight), unless someone waits for
   * it: under load that is one write per `flushMs`, not one each time a write returns (handing a
   * write to libuv's pool costs the event loop tens of µs on a VM).
   */
  private flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.flying !== null) return;
    const batch = this.queue.shift();
    if (!batch) return;
    this.flying = batch;
    appendLines(batch.segment, batch.lines, batch.bytes, this.scratch, (error) => {
      this.flying = null;
      this.unwritten.splice(0, batch.lines.length);
      this.unwrittenSeq += batch.lines.length;
      if (error === null) {
        this.failing = false;
        this.enforceCap();
      } else this.refused(batch, error);
      const ready = this.waiters.filter((w) => w.seq <= this.unwrittenSeq);
      this.waiters = this.waiters.filter((w) => w.seq > this.unwrittenSeq);
      for (const waiter of ready) waiter.done();
      if (this.queue.length > 0 && (this.waiters.length > 0 || this.timer === null)) this.flush();
    });
  }

  /**
   * A batch the disk refused is lost, with every later batch for its segment (their offsets assumed
   * its bytes); appends move to a new segment. Logged once per run of failures.
   */
  private refused(batch: Batch, error: Error): void {
    if (!this.failing) console.error(`Request log: could not write ${batch.segment.path}: ${error.message}`);
    this.failing = true;
    const lost = this.queue.filter((b) => b.segment === batch.segment);
    this.queue = this.queue.filter((b) => b.segment !== batch.segment);
    const lines = lost.reduce((n, b) => n + b.lines.length, 0);
    this.unwritten.splice(0, lines);
    this.unwrittenSeq += lines;
    batch.segment.size = batch.segment.written;
    if (this.segments.at(-1) === batch.segment) this.rotate();
  }

  /** Deletes the oldest segments while the log is over its cap (never one with lines in flight). */
  private enforceCap(): void {
    let total = this.segments.reduce((n, s) => n + s.size, 0);
    while (total > this.options.maxBytes && this.segments.length > 1) {
      const oldest = this.segments[0] as Segment;
      if (oldest.written !== oldest.size) break;
      this.segments.shift();
      this.bySegmentNo.delete(oldest.no);
      this.columns.dropSegmentsBelow(oldest.no + 1);
      deleteSegment(oldest);
      total -= oldest.size;
    }
  }

  /** Entry `seq` as logged, from disk or from the lines still waiting. */
  private read(seq: number): LoggedRequest | undefined {
    const place = this.columns.place(seq);
    const segment = place && this.bySegmentNo.get(place.segment);
    if (!place || !segment) return undefined;
    const text = readEntry(segment, place.offset, place.length) ?? this.unwritten[seq - this.unwrittenSeq];
    if (text === undefined) return undefined;
    try {
      return { seq, ...(JSON.parse(text) as RequestRecord) };
    } catch {
      return undefined;
    }
  }

  /** Replays every segment, oldest first, then applies the cap. */
  private replay(): void {
    const files = listSegments(this.options.dir);
    this.columns.firstSeq = files[0]?.firstSeq ?? 1;
    let unreadable = 0;
    for (const [at, file] of files.entries()) {
      const no = this.segments.length;
      const firstSeq = this.columns.nextSeq;
      const size = replaySegment(file.path, (line, offset) => {
        try {
          this.columns.push(JSON.parse(line.toString('utf8')) as RequestRecord, {
            segment: no,
            offset,
            length: line.length,
          });
        } catch {
          unreadable++;
        }
      });
      // A segment a crash left empty (opened, its first batch never written) holds nothing: gone,
      // unless it is the newest, which takes the next appends.
      if (size === 0 && at < files.length - 1) {
        unlinkSync(file.path);
        continue;
      }
      const segment = openSegment(file.path, no, firstSeq, size);
      this.segments.push(segment);
      this.bySegmentNo.set(no, segment);
    }
    if (unreadable > 0)
      console.warn(`Request log: skipped ${unreadable} unreadable line(s) in ${this.options.dir}`);
    this.unwrittenSeq = this.columns.nextSeq;
    this.enforceCap();
  }
}
