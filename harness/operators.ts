// The console's operators for tests, as the CLI reaches them: the management journal of a file (a
// running server's own, which it follows within a second), each change audited with a test actor.
import type { OperatorChangeBy } from '../server/operators/directory.ts';
import { LedgerOperatorDirectory } from '../server/operators/ledger-directory.ts';
import { emptyManageReference } from '../server/manage/seed.ts';
import { auditSigner, manageDeps, openJournalManage, sha256Text } from '../server/manage/runtime.ts';

/** Who a test's changes to operators are by. */
export const testBy: OperatorChangeBy = {
  actor: { type: 'cli', id: 'cli:test', name: 'test' },
  requestId: null,
  sourceAddress: null,
  userAgent: 'vitest',
};

/**
 * The operators of the management journal `file`, as another process sees them: read again at
 * every look unless `recheckMs` says otherwise (`now`: a monotonic clock in ms, for tests).
 */
export function journalOperators(
  file: string,
  options: { recheckMs?: number; now?: () => number } = { recheckMs: 0 },
): LedgerOperatorDirectory {
  return new LedgerOperatorDirectory(openJournalManage(file, emptyManageReference(), options).deps);
}

/**
 * The operators of a Postgres management journal, as another process sees them (a pool of its
 * own, following the journal as a server does); close it when done.
 */
export async function postgresOperators(
  url: string,
): Promise<{ directory: LedgerOperatorDirectory; close: () => Promise<void> }> {
  const { PostgresDatabase, PostgresManageStore } = await import('../server/stores/engines.ts');
  const db = new PostgresDatabase(url);
  const reference = emptyManageReference();
  const secret = 'test-preview-secret';
  const store = await PostgresManageStore.open(
    db,
    reference.seed,
    sha256Text,
    undefined,
    auditSigner(secret),
  );
  return {
    directory: new LedgerOperatorDirectory(manageDeps(store, reference, secret)),
    close: () => store.close().then(() => db.close()),
  };
}
