// Why the API refused a request, when a change caused it: the Orders API names the audit entry in
// its 401 (or a retired route's 410) problem (`audit_entry_id`, kept by the request log), and the entry says who changed what,
// when. "refused: key revoked by Ada at 2026-11-26 09:30:12 UTC", linked to the entry.
import type { RequestRecord } from '../api/request-record.ts';
import type { AuditEntry } from '../manage/audit.ts';
import { actorTypeLabels, auditEntryHref } from './audit-query.ts';
import { formatInstant } from './format-live.ts';

/** A refusal's cause: the audit entry behind it, a sentence naming it, and its link. */
export interface RefusalCause {
  entryId: string;
  text: string;
  href: string;
}

/** What a change did, as a refusal names it (a retired route's 410 names the deprecation that set its sunset). */
const refusedBecause: Record<string, string> = {
  'key.revoke': 'key revoked',
  'key.roll': 'key rolled',
  'key.update': 'key expiry set',
  'route.deprecate': 'route sunset set',
};

/** Who made a change, as a person reads it: their name, else their kind. */
export function actorName(entry: Pick<AuditEntry, 'actor'>): string {
  return entry.actor.name.trim() === '' ? actorTypeLabels[entry.actor.type] : entry.actor.name;
}

/** The audit entry id a logged refusal names, if any. */
export function refusalEntryId(request: Pick<RequestRecord, 'problem'>): string | null {
  const id = (request.problem as { audit_entry_id?: unknown } | null)?.audit_entry_id;
  return typeof id === 'string' && /^aud_[A-Za-z0-9]+$/.test(id) ? id : null;
}

/** The cause a refusal names; null when it names no entry. An entry no longer found still links. */
export function refusalCause(
  request: Pick<RequestRecord, 'problem'>,
  entryOf: (id: string) => AuditEntry | undefined,
): RefusalCause | null {
  const entryId = refusalEntryId(request);
  if (entryId === null) return null;
  const entry = entryOf(entryId);
  const href = auditEntryHref(entryId);
  if (!entry) return { entryId, text: `refused: a change (audit entry ${entryId})`, href };
  const what = refusedBecause[entry.action] ?? entry.action;
  return {
    entryId,
    text: `refused: ${what} by ${actorName(entry)} at ${formatInstant(Date.parse(entry.time))}`,
    href,
  };
}
