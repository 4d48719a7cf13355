// The console's sessions in Postgres (DATABASE_URL), on a pool of their own, shared by every
// worker; loaded only when a database is configured, so the embedded default never loads pg.
// (Operators live in the management store: server/operators/ledger-directory.ts.)
import { PostgresSessionStore } from '../sessions/postgres-sessions.ts';
import { PostgresDatabase } from '../stores/postgres/database.ts';
import type { SessionStore } from '../sessions/session-store.ts';

/** Sessions over one Postgres database, and how to close it. */
export function openPostgresSessions(url: string): { sessions: SessionStore; close: () => Promise<void> } {
  const db = new PostgresDatabase(url);
  return { sessions: new PostgresSessionStore(db), close: () => db.close() };
}
