// What the Audit screen, a target's history and the Overview's alerts read of the audit trail, per
// request, through the console's one live interface (./source.ts). Null when no live API runs.
import type { AuditEntry, AuditPage } from '../manage/audit.ts';
import { listPatches, type ListPatches } from './list-patch.ts';
import { manageLimits } from '../manage/contract.ts';
import { actorTypeLabels, auditPageQuery, type AuditState } from './audit-query.ts';
import { actorName } from './refusal-cause.ts';
import { liveSource } from './source.ts';

/** An actor seen in the trail, for the actor filter. */
export interface ActorOption {
  value: string;
  label: string;
}

/** One page of the Audit screen, and the entry the URL opens. */
export interface AuditScreen {
  page: AuditPage;
  /** The entry `?id=` opens: undefined when the URL opens none, null when the trail has no such entry. */
  entry: AuditEntry | null | undefined;
  /** Actors of the newest entries (and the one filtered on), for the actor filter. */
  actors: ActorOption[];
}

/** The Audit screen's page for a state; null when no live API runs. */
export function auditScreen(state: AuditState): AuditScreen | null {
  const source = liveSource();
  if (!source) return null;
  const page = source.audit(auditPageQuery(state));
  const entry = state.id === undefined ? undefined : (source.auditEntry(state.id) ?? null);
  const actors = new Map<string, string>();
  for (const seen of source.audit({ limit: manageLimits.maxPageSize }).entries)
    if (!actors.has(seen.actor.id))
      actors.set(seen.actor.id, `${actorName(seen)} (${actorTypeLabels[seen.actor.type]})`);
  if (state.actor && !actors.has(state.actor)) actors.set(state.actor, state.actor);
  return {
    page,
    entry,
    actors: [...actors]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** The latest entries of one target (newest first) and whether it has older ones. */
export interface TargetHistory {
  entries: AuditEntry[];
  more: boolean;
}

/** Entries a target's history shows. */
export const historyShown = 5;

/** The latest entries for a target id; null when no live API runs. */
export function targetHistory(targetId: string, limit = historyShown): TargetHistory | null {
  const source = liveSource();
  if (!source) return null;
  const page = source.audit({ target: targetId, limit });
  return { entries: page.entries, more: page.next_cursor !== null };
}

/** The newest change made to a target, if any; null when no live API runs. */
export function latestChange(targetId: string): AuditEntry | undefined | null {
  return targetHistory(targetId, 1)?.entries[0] ?? (liveSource() ? undefined : null);
}

/** The seq of the newest demo reset (every target as simulated again), 0 when there was none. */
export function latestResetSeq(): number {
  return liveSource()?.audit({ action: 'demo.reset', limit: 1 }).entries[0]?.seq ?? 0;
}

/** What the lists show of every target changed since the newest demo reset; null when no live API runs. */
export function liveListPatches(): ListPatches | null {
  const source = liveSource();
  if (!source) return null;
  const resetSeq = latestResetSeq();
  const entries: AuditEntry[] = [];
  // Oldest first from just after the reset, a page at a time, until no newer page is left.
  let after: string | null = String(resetSeq);
  while (after !== null) {
    const page = source.audit({ limit: manageLimits.maxPageSize, ending_before: after });
    entries.push(...page.entries);
    after = page.previous_cursor;
  }
  return listPatches(entries, resetSeq);
}
