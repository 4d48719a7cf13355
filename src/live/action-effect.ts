// What a change did to live traffic, read from the running API's log: after a revoke, the 401s that
// followed (each names the audit entry that caused it); after a roll, the old and the new key's
// traffic side by side, and when the old key's overlap ends.
import type { RequestLogReader } from '../api/request-log.ts';
import type { LoggedRequest } from '../api/request-record.ts';
import type { AuditEntry } from '../manage/audit.ts';
import { liveSource } from './source.ts';

/** Refusals a revoke's effect lists. */
export const effectRowsShown = 10;

/** The 401s that followed a revoke. */
export interface RevokeEffect {
  kind: 'revoke';
  entry: AuditEntry;
  /** The newest refusals of the key since the revoke. */
  rows: LoggedRequest[];
  /** How many refusals the log holds since the revoke. */
  refused: number;
}

/** One key's traffic since a roll. */
export interface KeyTraffic {
  keyId: string;
  requests: number;
  /** 2xx answers. */
  accepted: number;
  /** 401 answers. */
  refused: number;
  /** The newest call, epoch ms; null when none since the roll. */
  lastMs: number | null;
}

/** The old and the new key's traffic since a roll, and the end of the overlap. */
export interface RollEffect {
  kind: 'roll';
  entry: AuditEntry;
  overlapEndsMs: number | null;
  /** Whether the overlap has ended at the time of reading. */
  ended: boolean;
  old: KeyTraffic;
  replacement: KeyTraffic | null;
}

/** A change's effect on live traffic. */
export type ActionEffect = RevokeEffect | RollEffect;

/** One key's traffic in the log from `fromMs` on. */
export async function keyTraffic(log: RequestLogReader, keyId: string, fromMs: number): Promise<KeyTraffic> {
  const [all, accepted, refused] = await Promise.all([
    log.page({ keyId, fromMs, limit: 1 }),
    log.page({ keyId, fromMs, statusClass: 2, limit: 1 }),
    log.page({ keyId, fromMs, status: 401, limit: 1 }),
  ]);
  return {
    keyId,
    requests: all.matched,
    accepted: accepted.matched,
    refused: refused.matched,
    lastMs: all.rows[0]?.time_ms ?? null,
  };
}

/** The replacement key a roll's entry names, if any. */
export function replacementOf(entry: AuditEntry): string | null {
  const after = entry.after as { replacement?: { key_id?: unknown } } | null;
  const id = after?.replacement?.key_id;
  return typeof id === 'string' ? id : null;
}

/** When a roll's overlap ends (epoch ms), from its entry; null when it does not say. */
export function overlapEndOf(entry: AuditEntry): number | null {
  const ends = (entry.after as { rotation_ends_at?: unknown } | null)?.rotation_ends_at;
  const ms = typeof ends === 'string' ? Date.parse(ends) : NaN;
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The effect of a key's revoke or roll on live traffic at `nowMs`; null for any other change, or
 * when no live API runs.
 */
export async function actionEffect(entry: AuditEntry, nowMs: number): Promise<ActionEffect | null> {
  const source = liveSource();
  if (!source || entry.target.type !== 'key') return null;
  const fromMs = Date.parse(entry.time);
  if (entry.action === 'key.revoke') {
    const page = await source.log.page({
      keyId: entry.target.id,
      status: 401,
      fromMs,
      limit: effectRowsShown,
    });
    return { kind: 'revoke', entry, rows: page.rows, refused: page.matched };
  }
  if (entry.action !== 'key.roll') return null;
  const overlapEndsMs = overlapEndOf(entry);
  const replacement = replacementOf(entry);
  return {
    kind: 'roll',
    entry,
    overlapEndsMs,
    ended: overlapEndsMs !== null && overlapEndsMs <= nowMs,
    old: await keyTraffic(source.log, entry.target.id, fromMs),
    replacement: replacement === null ? null : await keyTraffic(source.log, replacement, fromMs),
  };
}
