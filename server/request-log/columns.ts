// The request log in memory: one typed array per column a filter or a figure reads, and where each
// entry's full line lies on disk. No object per request, so a million entries cost about 38 MB and
// a filtered scan of all of them takes milliseconds; the lines themselves are read back only for
// the rows a page shows.
import type { RequestFilter } from '../../src/api/request-log.ts';
import { statusClass, type RequestRecord } from '../../src/api/request-record.ts';
import { Dictionary } from '../dictionary.ts';
import { callerKindCode, environmentCode, hashId } from './codes.ts';

/** Where an entry's line lies: its segment file (by number), byte offset and length. */
export interface EntryPlace {
  segment: number;
  offset: number;
  length: number;
}

/** A filter compiled to the columns' codes; `impossible` when a named key or route is unknown. */
interface Compiled {
  impossible: boolean;
  statusLo: number;
  statusHi: number;
  key: number;
  route: number;
  /** Codes of `routeIds`, or null when not filtered by them. */
  routes: Set<number> | null;
  env: number;
  kind: number;
  fromMs: number;
  toMs: number;
}

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
    if (c.impossible) return { seqs, matched: 0 };
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

  private compile(filter: RequestFilter): Compiled {
    const key = filter.keyId === undefined ? -1 : (this.keys.find(filter.keyId) ?? -2);
    const route = filter.routeId === undefined ? -1 : (this.routes.find(filter.routeId) ?? -2);
    const routes =
      filter.routeIds === undefined
        ? null
        : new Set(filter.routeIds.map((id) => this.routes.find(id)).filter((c) => c !== undefined));
    let statusLo = 0;
    let statusHi = 0x10000;
    if (filter.statusClass !== undefined) {
      statusLo = filter.statusClass * 100;
      statusHi = filter.statusClass === 5 ? 0x10000 : statusLo + 100;
    }
    if (filter.status !== undefined) {
      statusLo = Math.max(statusLo, filter.status);
      statusHi = Math.min(statusHi, filter.status + 1);
    }
    return {
      impossible: key === -2 || route === -2 || routes?.size === 0 || statusLo >= statusHi,
      statusLo,
      statusHi,
      key,
      route,
      routes,
      env: filter.environment === undefined ? -1 : environmentCode(filter.environment),
      kind: filter.callerKind === undefined ? -1 : callerKindCode(filter.callerKind),
      fromMs: filter.fromMs ?? -Infinity,
      toMs: filter.toMs ?? Infinity,
    };
  }

  private matches(i: number, c: Compiled): boolean {
    const status = this.status[i] as number;
    if (status < c.statusLo || status >= c.statusHi) return false;
    if (c.key !== -1 && this.key[i] !== c.key) return false;
    if (c.route !== -1 && this.route[i] !== c.route) return false;
    if (c.routes !== null && !c.routes.has(this.route[i] as number)) return false;
    const bits = this.bits[i] as number;
    if (c.env !== -1 && (bits & 3) !== c.env) return false;
    if (c.kind !== -1 && bits >> 2 !== c.kind) return false;
    const time = this.time[i] as number;
    return time >= c.fromMs && time < c.toMs;
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
