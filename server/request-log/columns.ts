// The request log in memory: one typed array per column a filter or a figure reads, and where each
// entry's full line lies on disk. No object per request, so a million entries cost about 38 MB and
// a filtered scan of all of them takes milliseconds; the lines themselves are read back only for
// the rows a page shows.
import type { RequestFilter } from '../../src/api/request-log.ts';
import type { CallerKind } from '../../src/lib/caller-kind.ts';
import { statusClass, type Environment, type RequestRecord } from '../../src/api/request-record.ts';
import { Dictionary } from '../dictionary.ts';
import { callerKindCode, environmentCode, hashId } from './codes.ts';
import { filterConditions, type FilterColumnName } from './filter.ts';

/** Where an entry's line lies: its segment file (by number), byte offset and length. */
export interface EntryPlace {
  segment: number;
  offset: number;
  length: number;
}

/** A filter compiled to one range [lo, hi) of codes per column it reads. */
type Ranges = Record<FilterColumnName, { lo: number; hi: number }>;

/**
 * A compiled filter: the ranges, and whether each column is restricted at all (every value is an
 * integer, so equality is [v, v + 1)); null when no entry can match (an unknown key).
 */
type Compiled =
  | (Ranges & {
      restricted: Record<FilterColumnName, boolean>;
      /** The codes an `in` field allows, per column (route_id for routeIds). */
      among: Partial<Record<FilterColumnName, Set<number>>>;
    })
  | null;

const initialCapacity = 1024;

type TypedArray = Float64Array | Uint16Array | Int32Array | Uint8Array | Uint32Array;

/** The kept entries, oldest first: entry `seq` is at index `head + seq - firstSeq`. */
export class RequestColumns {
  /** Seq of the oldest kept entry. */
  firstSeq = 1;
  private head = 0;
  private tail = 0;
  private time = new Float64Array(initialCapacity);
  private latency = new Float64Array(initialCapacity);
  private status = new Uint16Array(initialCapacity);
  private key = new Int32Array(initialCapacity);
  private route = new Int32Array(initialCapacity);
  /** environment code in bits 0–1, caller kind in bits 2–3. */
  private bits = new Uint8Array(initialCapacity);
  private idHash = new Uint32Array(initialCapacity);
  private segment = new Uint32Array(initialCapacity);
  private offset = new Float64Array(initialCapacity);
  private length = new Uint32Array(initialCapacity);
  private readonly keys = new Dictionary();
  private readonly routes = new Dictionary();
  /** Per key code: entries kept, and the newest time seen. */
  private keyCounts = new Int32Array(64);
  private keyLastMs = new Float64Array(64);

  /** How many entries are kept. */
  get size(): number {
    return this.tail - this.head;
  }

  /** Seq the next entry will get. */
  get nextSeq(): number {
    return this.firstSeq + this.size;
  }

  /** Adds the newest entry (its seq is `nextSeq`) and where its line is. */
  push(record: RequestRecord, place: EntryPlace): void {
    if (this.tail === this.time.length) this.makeRoom();
    const i = this.tail++;
    this.time[i] = record.time_ms;
    this.latency[i] = record.latency_ms;
    this.status[i] = record.status;
    const key = record.key_id === null ? -1 : this.keys.code(record.key_id);
    this.key[i] = key;
    this.route[i] = record.route_id === null ? -1 : this.routes.code(record.route_id);
    this.bits[i] = environmentCode(record.environment) | (callerKindCode(record.caller_kind) << 2);
    this.idHash[i] = hashId(record.request_id);
    this.segment[i] = place.segment;
    this.offset[i] = place.offset;
    this.length[i] = place.length;
    if (key >= 0) {
      if (key >= this.keyCounts.length) this.growKeyStats();
      this.keyCounts[key] = (this.keyCounts[key] as number) + 1;
      if (record.time_ms > (this.keyLastMs[key] as number)) this.keyLastMs[key] = record.time_ms;
    }
  }

  /** Forgets the entries of segments below `segment` (their file was deleted). */
  dropSegmentsBelow(segment: number): void {
    while (this.head < this.tail && (this.segment[this.head] as number) < segment) {
      const key = this.key[this.head] as number;
      if (key >= 0) this.keyCounts[key] = (this.keyCounts[key] as number) - 1;
      this.head++;
      this.firstSeq++;
    }
  }

  /** Where entry `seq` lies on disk, if it is kept. */
  place(seq: number): EntryPlace | undefined {
    const i = this.indexOf(seq);
    if (i === -1) return undefined;
    return {
      segment: this.segment[i] as number,
      offset: this.offset[i] as number,
      length: this.length[i] as number,
    };
  }

  /**
   * Seqs of matching entries, newest first, starting under `before`, up to `limit`; and how many
   * entries of the whole log match.
   */
  scan(
    filter: RequestFilter,
    before: number | undefined,
    limit: number,
  ): { seqs: number[]; matched: number } {
    const c = this.compile(filter);
    const seqs: number[] = [];
    if (c === null) return { seqs, matched: 0 };
    const start = before === undefined ? this.tail : this.head + Math.max(0, before - this.firstSeq);
    let matched = 0;
    for (let i = this.tail - 1; i >= this.head; i--) {
      if (!this.matches(i, c)) continue;
      matched++;
      if (i < start && seqs.length < limit) seqs.push(this.firstSeq + i - this.head);
    }
    return { seqs, matched };
  }

  /** Seqs of entries whose request id hashes like `requestId`, newest first (verify each line). */
  candidates(requestId: string): number[] {
    const hash = hashId(requestId);
    const out: number[] = [];
    for (let i = this.tail - 1; i >= this.head; i--)
      if (this.idHash[i] === hash) out.push(this.firstSeq + i - this.head);
    return out;
  }

  /** Counts by status class and the latencies of entries at or after `sinceMs`. */
  since(sinceMs: number): { byClass: [number, number, number, number]; latencies: Float64Array } {
    const byClass: [number, number, number, number] = [0, 0, 0, 0];
    let n = 0;
    for (let i = this.head; i < this.tail; i++) if ((this.time[i] as number) >= sinceMs) n++;
    const latencies = new Float64Array(n);
    let j = 0;
    for (let i = this.head; i < this.tail; i++) {
      if ((this.time[i] as number) < sinceMs) continue;
      const cls = statusClass(this.status[i] as number) - 2;
      byClass[cls] = (byClass[cls] as number) + 1;
      latencies[j++] = this.latency[i] as number;
    }
    return { byClass, latencies };
  }

  /** Every key seen: its id, entries kept and newest time seen. */
  keyActivity(): { keyId: string; requests: number; lastUsedMs: number }[] {
    return this.keys.values().map((keyId, code) => ({
      keyId,
      requests: this.keyCounts[code] as number,
      lastUsedMs: this.keyLastMs[code] as number,
    }));
  }

  private indexOf(seq: number): number {
    const i = this.head + seq - this.firstSeq;
    return Number.isInteger(seq) && i >= this.head && i < this.tail ? i : -1;
  }

  /** Compiles the filter from its one definition (filter.ts) to ranges of this index's codes. */
  private compile(filter: RequestFilter): Compiled {
    const all = () => ({ lo: -Infinity, hi: Infinity });
    const ranges: Ranges = {
      status_class: all(),
      status: all(),
      key_id: all(),
      route_id: all(),
      environment: all(),
      caller_kind: all(),
      time_ms: all(),
    };
    const restricted = Object.fromEntries(Object.keys(ranges).map((k) => [k, false])) as Record<
      FilterColumnName,
      boolean
    >;
    const among: Partial<Record<FilterColumnName, Set<number>>> = {};
    for (const { field, column, op } of filterConditions) {
      const value = filter[field];
      if (value === undefined) continue;
      if (typeof value === 'object') {
        const codes = value.map((v) => this.code(column, v)).filter((c) => c !== undefined);
        const allowed = new Set(codes.filter((c) => among[column]?.has(c) ?? true));
        if (allowed.size === 0) return null;
        among[column] = allowed;
        continue;
      }
      const code = this.code(column, value);
      if (code === undefined) return null;
      const range = ranges[column];
      if (op !== 'before') range.lo = Math.max(range.lo, code);
      if (op !== 'from') range.hi = Math.min(range.hi, op === 'eq' ? code + 1 : code);
      if (range.lo >= range.hi) return null;
      restricted[column] = true;
    }
    return { ...ranges, restricted, among };
  }

  /** The code this index stores for a filter's value of a column; undefined when none can match. */
  private code(column: FilterColumnName, value: string | number): number | undefined {
    switch (column) {
      case 'key_id':
        return this.keys.find(String(value));
      case 'route_id':
        return this.routes.find(String(value));
      case 'environment': {
        const code = environmentCode(value as Environment);
        return code < 0 ? undefined : code;
      }
      case 'caller_kind': {
        const code = callerKindCode(value as CallerKind);
        return code < 0 ? undefined : code;
      }
      case 'status_class':
      case 'status':
      case 'time_ms':
        return value as number;
    }
  }

  /** Whether entry `i` lies in every restricted range (each column a filter reads, read here). */
  private matches(i: number, c: NonNullable<Compiled>): boolean {
    const on = c.restricted;
    const within = (value: number, range: { lo: number; hi: number }) =>
      value >= range.lo && value < range.hi;
    const status = this.status[i] as number;
    if (on.status && !within(status, c.status)) return false;
    if (on.status_class && !within(statusClass(status), c.status_class)) return false;
    if (on.key_id && !within(this.key[i] as number, c.key_id)) return false;
    if (on.route_id && !within(this.route[i] as number, c.route_id)) return false;
    if (c.among.route_id && !c.among.route_id.has(this.route[i] as number)) return false;
    const bits = this.bits[i] as number;
    if (on.environment && !within(bits & 3, c.environment)) return false;
    if (on.caller_kind && !within(bits >> 2, c.caller_kind)) return false;
    return !on.time_ms || within(this.time[i] as number, c.time_ms);
  }

  /** Reclaims the dropped head when it is a quarter of the arrays or more, else doubles them. */
  private makeRoom(): void {
    const capacity = this.head * 4 >= this.time.length ? this.time.length : this.time.length * 2;
    const keep = <T extends TypedArray>(old: T, make: new (n: number) => T): T => {
      const next = capacity === old.length ? old : new make(capacity);
      next.set(old.subarray(this.head, this.tail));
      return next;
    };
    this.time = keep(this.time, Float64Array);
    this.latency = keep(this.latency, Float64Array);
    this.status = keep(this.status, Uint16Array);
    this.key = keep(this.key, Int32Array);
    this.route = keep(this.route, Int32Array);
    this.bits = keep(this.bits, Uint8Array);
    this.idHash = keep(this.idHash, Uint32Array);
    this.segment = keep(this.segment, Uint32Array);
    this.offset = keep(this.offset, Float64Array);
    this.length = keep(this.length, Uint32Array);
    this.tail -= this.head;
    this.head = 0;
  }

  private growKeyStats(): void {
    const counts = new Int32Array(this.keyCounts.length * 2);
    const last = new Float64Array(this.keyLastMs.length * 2);
    counts.set(this.keyCounts);
    last.set(this.keyLastMs);
    this.keyCounts = counts;
    this.keyLastMs = last;
  }
}
