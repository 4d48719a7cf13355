// What a "Live calls" fragment reads: the latest logged requests of one key or route, joined to
// the workspace, and how many the log holds in all.
import type { RequestFilter } from '../api/request-log.ts';
import type { Workspace } from '../node/db.ts';
import { annotateRequests, type AnnotatedRequest } from '../queries/live.ts';
import { liveSource, type LiveSource } from './source.ts';

/** The latest calls matching a filter, and the log's count of them all. */
export interface LiveCalls {
  source: LiveSource;
  rows: AnnotatedRequest[];
  matched: number;
  /** Names of keys issued on this server, by id. */
  issuedNames: Map<string, string>;
}

/** How many calls a fragment shows. */
export const liveCallsShown = 10;

/** Names of the keys issued on this server (the live source's keys), by id. */
export function issuedKeyNames(source: LiveSource): Map<string, string> {
  const names = new Map<string, string>();
  for (const key of source.keys().all()) if (key.issued) names.set(key.key_id, key.issued.name);
  return names;
}

/** The latest calls matching `filter`; null when no live API runs (static build or deployment). */
export async function liveCalls(
  filter: RequestFilter,
  limit: number = liveCallsShown,
  db?: Workspace,
): Promise<LiveCalls | null> {
  const source = liveSource();
  if (!source) return null;
  const page = await source.log.page({ ...filter, limit });
  return {
    source,
    rows: await annotateRequests(page.rows, db),
    matched: page.matched,
    issuedNames: issuedKeyNames(source),
  };
}
