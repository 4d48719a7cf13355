// Console sessions in Postgres (console_sessions, migration 007), for servers with DATABASE_URL:
// a session opened on one worker is good on every other, and a sign-out on one ends it on all.
// Never cached: a signed-out cookie is refused by the next request, wherever it lands.
import { z } from 'zod';
import type { PostgresDatabase } from '../stores/postgres/database.ts';
import { postgresSql } from '../stores/postgres/sql.ts';
import type { SessionRecord, SessionStore } from './session-store.ts';

const rowSchema = z.object({
  session_hash_sha256: z.string(),
  operator_id: z.string().nullable(),
  credential_hash: z.string(),
  created_at_ms: z.number(),
  last_seen_at_ms: z.number(),
});

/** Sessions in a Postgres table. */
export class PostgresSessionStore implements SessionStore {
  private readonly db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.db = db;
  }

  private run(name: string, values: unknown[]): Promise<object[]> {
    return this.db.query<object>(name, postgresSql(name), values);
  }

  async insert(s: SessionRecord): Promise<void> {
    await this.run('console_session_insert', [
      s.session_hash_sha256,
      s.operator_id,
      s.credential_hash,
      s.created_at_ms,
      s.last_seen_at_ms,
    ]);
  }

  async find(sessionHash: string): Promise<SessionRecord | null> {
    const [row] = await this.run('console_session_find', [sessionHash]);
    return row ? rowSchema.parse(row) : null;
  }

  async touch(sessionHash: string, atMs: number): Promise<void> {
    await this.run('console_session_touch', [sessionHash, atMs]);
  }

  async delete(sessionHash: string): Promise<void> {
    await this.run('console_session_delete', [sessionHash]);
  }

  async sweep(idleBeforeMs: number, createdBeforeMs: number): Promise<void> {
    await this.run('console_session_sweep', [idleBeforeMs, createdBeforeMs]);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
