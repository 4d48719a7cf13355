// The workspace's keys that the issued-keys file's lines are about, matched by credential (key id
// and SHA-256) inside SQL, so no hash ever leaves the workspace for a page.
import { z } from 'zod';
import type { Workspace } from '../node/db.ts';
import { runQuery } from './sql-file.ts';

const row = z.object({ key_id: z.string() });

/** The ids of the workspace keys whose credential (id and hash) one of `pairs` names. */
export async function workspaceKeysNamed(
  pairs: readonly { key_id: string; key_hash_sha256: string }[],
  db?: Workspace,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const text = pairs.map((p) => `${p.key_id}:${p.key_hash_sha256}`).join(',');
  const rows = await runQuery(row, 'keys', 'keys_named_by_lines', { pairs: text }, db);
  return new Set(rows.map((r) => r.key_id));
}
