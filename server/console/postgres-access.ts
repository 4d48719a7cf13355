// The console's operators and sessions in Postgres (DATABASE_URL), on a pool of their own; loaded
// only when a database is configured, so the embedded default never loads pg.
import { PostgresOperatorDirectory } from '../operators/postgres-operators.ts';
import { PostgresSessionStore } from '../sessions/postgres-sessions.ts';
import { PostgresDatabase } from '../stores/postgres/database.ts';
import type { OperatorDirectory } from '../operators/directory.ts';
import type { SessionStore } from '../sessions/session-store.ts';

/** Operators and sessions over one Postgres database, and how to close it. */
export function openPostgresAccessStores(url: string): {
  operators: OperatorDirectory;
  sessions: SessionStore;
  close: () => Promise<void>;
} {
  const db = new PostgresDatabase(url);
  return {
    operators: new PostgresOperatorDirectory(db),
    sessions: new PostgresSessionStore(db),
    close: () => db.close(),
  };
}
