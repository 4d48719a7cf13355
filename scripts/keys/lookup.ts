// Finds a key for `npm run keys:revoke` and `keys:rotate`: one issued on this server (the
// issued-keys file) or one of the workspace's simulated keys (read READ_ONLY; the workspace file is
// never written), with its lifecycle so far, and says why a change would be refused.
import { existsSync } from 'node:fs';
import { Refusal } from '../lib/cli-args.ts';
import { openWorkspace } from '../../src/node/db.ts';
import { readIssuedKeys } from '../../src/node/issued-keys-file.ts';
import { statusAt, type IssuedLine, type KeyLifecycle } from '../../src/lib/issued-keys.ts';

/** What a lifecycle change needs to know of a key, wherever it lives. */
export type KeyFacts = Pick<
  IssuedLine,
  | 'key_id'
  | 'name'
  | 'environment'
  | 'status'
  | 'plan'
  | 'rpm_budget'
  | 'scopes'
  | 'expires_at'
  | 'key_hash_sha256'
  | 'quota_orders_per_month'
>;

/** A key found by id: its facts, and its lifecycle in the issued-keys file. */
export interface FoundKey {
  key: KeyFacts;
  lifecycle: KeyLifecycle | undefined;
}

/** The workspace's row for a key id, read-only; undefined when there is no such key or file. */
async function workspaceKey(dataFile: string, keyId: string): Promise<KeyFacts | undefined> {
  if (!existsSync(dataFile)) return undefined;
  const db = await openWorkspace(dataFile);
  try {
    const [row] = await db.query<KeyFacts>(
      `select key_id, name, environment, status, plan, rpm_budget, scopes, key_hash_sha256,
              strftime(expires_at, '%Y-%m-%dT%H:%M:%S.000Z') as expires_at
       from keys where key_id = $keyId`,
      { keyId },
    );
    return row;
  } finally {
    db.close();
  }
}

/** Finds a key by id in the issued-keys file, else in the workspace; a UsageError when neither has it. */
export async function findKey(
  keyId: string,
  files: { dataFile: string; issuedKeysFile: string },
): Promise<FoundKey> {
  const issued = readIssuedKeys(files.issuedKeysFile);
  const own = issued.get(keyId);
  if (own?.issued) return { key: own.issued, lifecycle: own };
  const row = await workspaceKey(files.dataFile, keyId);
  if (!row) throw new Refusal(`no key ${keyId} in the workspace or the issued-keys file`);
  return { key: row, lifecycle: issued.find(keyId, row.key_hash_sha256) };
}

/** Why a key cannot be revoked or rotated now; null when it can. */
export function refusal(found: FoundKey, change: 'revoke' | 'rotate', nowMs: number): string | null {
  const { key, lifecycle } = found;
  const status = statusAt(key.status, lifecycle, nowMs);
  if (status === 'revoked')
    return `${key.key_id} is already revoked${lifecycle?.revoked_at ? ` (at ${lifecycle.revoked_at})` : ''}`;
  if (status === 'rotated')
    return `${key.key_id} is already rotated${lifecycle?.replaced_by ? `; its replacement is ${lifecycle.replaced_by}` : ''}`;
  if (change === 'rotate' && lifecycle?.replaced_by)
    return `${key.key_id} is already being rotated: ${lifecycle.replaced_by} replaces it, and it works until ${lifecycle.rotation_ends_at}`;
  if (change === 'rotate' && key.expires_at !== null && Date.parse(key.expires_at) <= nowMs)
    return `${key.key_id} expired at ${key.expires_at}; issue a new key instead`;
  return null;
}
