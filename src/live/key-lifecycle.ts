// A key's lifecycle as the running server applies it: the workspace's simulated state with the
// changes made on this server on top (the management journal's key lines: revoked, rotated,
// restored), or, for a key issued here, its own story. Pages read it through
// liveKeyLifecycle()/liveKeyLifecycles() only, and those read the server's one typed live interface
// (./source.ts `keys()`), never its files.
import type { Workspace } from '../node/db.ts';
import { statusAt, type KeyLifecycle } from '../lib/issued-keys.ts';
import { expiredAt, type LiveKeyLifecycle } from './lifecycle-view.ts';
import { workspaceKeysNamed } from '../queries/key-credentials.ts';
import { keysById, type KeyRow } from '../queries/rows.ts';
import { liveSource } from './source.ts';

export type { LiveKeyLifecycle } from './lifecycle-view.ts';

/** The workspace's simulated state of a key, which an overlay starts from. */
export type SimulatedKey = Pick<KeyRow, 'key_id' | 'status' | 'rotated_at'> & {
  /** Its expiry (a workspace time or ISO 8601); past it, the key is expired. */
  expires_at?: string | null;
};

/** A workspace time (`YYYY-MM-DD HH:MM:SS`, UTC) as ISO 8601. */
const isoOf = (time: string | null): string | null => (time === null ? null : `${time.replace(' ', 'T')}Z`);

/** The simulated state with this server's changes (`lifecycle`, when any) on top, at `nowMs`. */
export function overlayLifecycle(
  simulated: SimulatedKey,
  lifecycle: KeyLifecycle | undefined,
  nowMs: number,
): LiveKeyLifecycle {
  const expiresAt = simulated.expires_at?.includes('T')
    ? simulated.expires_at
    : isoOf(simulated.expires_at ?? null);
  const status = expiredAt(statusAt(simulated.status, lifecycle, nowMs), expiresAt, nowMs);
  const endsAt = lifecycle?.rotation_ends_at ?? null;
  return {
    key_id: simulated.key_id,
    status,
    rotating: endsAt !== null && status !== 'revoked' && Date.parse(endsAt) > nowMs,
    rotated_at: lifecycle?.rotated_at ?? isoOf(simulated.rotated_at),
    rotation_ends_at: endsAt,
    revoked_at: lifecycle?.revoked_at ?? null,
    replaced_by: lifecycle?.replaced_by ?? null,
    replaces: lifecycle?.replaces ?? null,
    restored_at: lifecycle?.restored_at ?? null,
    changed_here: lifecycle !== undefined && lifecycle.changes.length > 0,
  };
}

/** The workspace the simulated states are read from (tests pass theirs); the changes come from the live source. */
export interface LifecycleSources {
  db?: Workspace;
}

/**
 * The live lifecycle of every key this server changed or issued, by id, at `nowMs`: workspace keys
 * a line names by their credential (id and hash), and keys issued here. Null without a live API.
 */
export async function liveKeyLifecycles(
  nowMs: number,
  { db }: LifecycleSources = {},
): Promise<Map<string, LiveKeyLifecycle> | null> {
  const source = liveSource();
  if (!source) return null;
  const stories = source.keys().all();
  const aboutWorkspace = stories.filter((s) => s.issued === null);
  const named = await workspaceKeysNamed(aboutWorkspace, db);
  const workspaceKeys = named.size > 0 ? await keysById(db) : new Map<string, KeyRow>();
  const out = new Map<string, LiveKeyLifecycle>();
  for (const story of stories) {
    const simulated = story.issued
      ? {
          key_id: story.key_id,
          status: story.issued.status,
          rotated_at: null,
          expires_at: story.issued.expires_at,
        }
      : named.has(story.key_id)
        ? workspaceKeys.get(story.key_id)
        : undefined;
    if (simulated) out.set(story.key_id, overlayLifecycle(simulated, story, nowMs));
  }
  return out;
}

/**
 * One key's live lifecycle at `nowMs`: its simulated state when this server never changed it. Null
 * without a live API; undefined when neither the workspace nor this server knows the key.
 */
export async function liveKeyLifecycle(
  keyId: string,
  nowMs: number = Date.now(),
  sources: LifecycleSources = {},
): Promise<LiveKeyLifecycle | null | undefined> {
  const all = await liveKeyLifecycles(nowMs, sources);
  if (all === null) return null;
  const changed = all.get(keyId);
  if (changed) return changed;
  const simulated = (await keysById(sources.db)).get(keyId);
  return simulated ? overlayLifecycle(simulated, undefined, nowMs) : undefined;
}
