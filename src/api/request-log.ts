// Reading the request log: the filters, pages and summaries the console asks for. Implemented by
// the server's embedded log and by the Postgres log; the console sees only this interface.
import type { CallerKind } from '../lib/caller-kind.ts';
import type { Environment, LoggedRequest, RequestRecord } from './request-record.ts';

/** Which requests to show; every field is optional and they combine. */
export interface RequestFilter {
  /** 2 for 2xx, … 5 for 5xx. */
  statusClass?: 2 | 3 | 4 | 5;
  status?: number;
  keyId?: string;
  routeId?: string;
  /** Any of these routes (e.g. one method and path at every stage); an empty list matches nothing. */
  routeIds?: readonly string[];
  callerKind?: CallerKind;
  environment?: Environment;
  /** Epoch ms, inclusive. */
  fromMs?: number;
  /** Epoch ms, exclusive. */
  toMs?: number;
}

/** A page of the log, newest first: `before` is the cursor (a seq) the page starts under. */
export interface RequestPageQuery extends RequestFilter {
  before?: number;
  limit: number;
}

/** Requests of a page, newest first, and the cursor of the next (older) page, if any. */
export interface RequestPage {
  rows: LoggedRequest[];
  next: number | null;
  /** How many requests in the whole log match the filter. */
  matched: number;
}

/** The log's figures since an instant: counts by status class, error share and p99. */
export interface LiveSummary {
  sinceMs: number;
  requests: number;
  byClass: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** 4xx + 5xx share, percent; null with no requests. */
  errorPct: number | null;
  /** Nearest-rank p99 of latency_ms; null with no requests. */
  p99Ms: number | null;
}

/** One key's live activity over the log as kept. */
export interface KeyActivity {
  keyId: string;
  requests: number;
  lastUsedMs: number;
}

/** What the console reads from the log. */
export interface RequestLogReader {
  page(query: RequestPageQuery): Promise<RequestPage>;
  find(requestId: string): Promise<LoggedRequest | undefined>;
  summary(sinceMs: number): Promise<LiveSummary>;
  /** Every key seen in the log as kept, with its request count and last use. */
  keyActivity(): Promise<KeyActivity[]>;
}

/** A request log: appended to by the server for every answer, read by the console. */
export interface RequestLog extends RequestLogReader {
  /** Records an answered request; never waits and never throws (the answer is already sent). */
  append(record: RequestRecord): void;
  close(): Promise<void>;
}
