// Keys issued on this server (npm run keys:issue, or a rotation's replacement), as the console
// lists them: the live source's fold of the management journal's key lines, their status now, and
// their live activity from the log.
import type { KeyActivity } from '../api/request-log.ts';
import { statusAt, type IssuedKeys, type IssuedLine, type KeyLifecycle } from '../lib/issued-keys.ts';
import { expiredAt, type LiveKeyStatus } from './lifecycle-view.ts';
import { liveSource } from './source.ts';

/** A key issued here, with what the console shows of it. */
export interface IssuedKeyRow {
  issued: IssuedLine;
  lifecycle: KeyLifecycle;
  /** Its status now: revoked, rotated once the overlap ended, expired once its expiry passed, else as issued. */
  status: LiveKeyStatus;
  /** Whether its expiry has passed. */
  expired: boolean;
  /** Requests the log holds for it, and its last use (epoch ms; null when never used). */
  requests: number;
  lastUsedMs: number | null;
}

/** A lifecycle's row at `nowMs`, or undefined when the key was not issued here. */
export function issuedKeyRow(
  lifecycle: KeyLifecycle | undefined,
  activity: ReadonlyMap<string, KeyActivity>,
  nowMs: number,
): IssuedKeyRow | undefined {
  const issued = lifecycle?.issued;
  if (!lifecycle || !issued) return undefined;
  const used = activity.get(issued.key_id);
  return {
    issued,
    lifecycle,
    status: expiredAt(statusAt(issued.status, lifecycle, nowMs), issued.expires_at, nowMs),
    expired: issued.expires_at !== null && Date.parse(issued.expires_at) <= nowMs,
    requests: used?.requests ?? 0,
    lastUsedMs: used?.lastUsedMs ?? null,
  };
}

/** Every key issued here, newest first. */
export function issuedKeyRows(
  keys: IssuedKeys,
  activity: readonly KeyActivity[],
  nowMs: number,
): IssuedKeyRow[] {
  const byKey = new Map(activity.map((a) => [a.keyId, a]));
  return keys
    .all()
    .map((lifecycle) => issuedKeyRow(lifecycle, byKey, nowMs))
    .filter((row): row is IssuedKeyRow => row !== undefined)
    .sort(
      (a, b) =>
        b.issued.created_at.localeCompare(a.issued.created_at) ||
        a.issued.key_id.localeCompare(b.issued.key_id),
    );
}

/** Every key issued on this server now, from the live source's keys and log; null when no live API runs. */
export async function issuedHere(nowMs: number): Promise<IssuedKeyRow[] | null> {
  const source = liveSource();
  if (!source) return null;
  return issuedKeyRows(source.keys(), await source.log.keyActivity(), nowMs);
}
