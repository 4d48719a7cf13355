// What a key's live lifecycle is, as data (./key-lifecycle.ts reads it from the live source). Its own
// module, free of the workspace's queries, so the browser-safe status patch and its islands
// (./key-status-patch.ts) can name the type without reaching DuckDB or node:.
import type { KeyStatus } from '../lib/issued-keys.ts';

/** A key's status now: as issued or simulated, or what a change or its expiry made it. */
export type LiveKeyStatus = KeyStatus | 'expired';

/** A key's lifecycle now; instants are ISO 8601 UTC. */
export interface LiveKeyLifecycle {
  key_id: string;
  /**
   * Its status now: revoked at once, rotated once the overlap ended, expired once its expiry passed,
   * else as simulated or issued (the management API's order, src/manage/views.ts keyStatusAt).
   */
  status: LiveKeyStatus;
  /** Rotated and still in its overlap: it works beside its replacement until `rotation_ends_at`. */
  rotating: boolean;
  rotated_at: string | null;
  rotation_ends_at: string | null;
  revoked_at: string | null;
  /** The key issued to replace it, and the key it replaced (rotations made here). */
  replaced_by: string | null;
  replaces: string | null;
  /** When `npm run keys:restore-demo` last returned it to its simulated state. */
  restored_at: string | null;
  /** Whether this server changed it (a change in the management journal), or issued it. */
  changed_here: boolean;
}

/** A status at `nowMs` given the key's expiry: expired once it passed, unless revoked or rotated. */
export function expiredAt(status: KeyStatus, expiresAt: string | null, nowMs: number): LiveKeyStatus {
  if (status === 'revoked' || status === 'rotated' || expiresAt === null) return status;
  return Date.parse(expiresAt) <= nowMs ? 'expired' : status;
}
