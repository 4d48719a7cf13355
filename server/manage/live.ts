// The live source the server hands the console (src/live/source.ts): its request log, the keys
// the management journal holds, and the audit trail, all read from this process's ledger (the
// embedded journal or Postgres alike), never from files the pages would open themselves.
import type { RequestLogReader } from '../../src/api/request-log.ts';
import { IssuedKeys } from '../../src/lib/issued-keys.ts';
import type { LiveSource } from '../../src/live/source.ts';
import { pageOf } from '../../src/manage/audit.ts';
import { defaultAuditRetentionDays, type ManageDeps } from '../../src/manage/deps.ts';

/** The console's live source over a request log and the management deps. */
export function liveSourceOf(
  log: RequestLogReader,
  manage: ManageDeps,
  startedAtMs = Date.now(),
): LiveSource {
  let folded = new IssuedKeys();
  let foldedLines = 0;
  return {
    startedAtMs,
    log,
    keys() {
      const lines = manage.store.current().keyLines;
      // The fold is cached until the journal has more key lines.
      if (lines.length !== foldedLines) {
        folded = new IssuedKeys();
        for (const line of lines) folded.apply(line);
        foldedLines = lines.length;
      }
      return folded;
    },
    audit(query) {
      const oldestMs = manage.clock.now() - (manage.retentionDays ?? defaultAuditRetentionDays) * 86_400_000;
      return pageOf(manage.store.current().entries, query, oldestMs);
    },
    auditEntry(id) {
      return manage.store.current().entries.findLast((entry) => entry.id === id);
    },
  };
}
