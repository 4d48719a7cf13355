// Where console sessions are kept: by the SHA-256 of their id (the cookie holds the id, the store
// only its hash, so a leaked store opens no session). In this process's memory on the embedded
// default (one process; a restart signs everyone out), in Postgres with DATABASE_URL
// (./postgres-sessions.ts), where every worker sees the same sessions.

/** A session as stored. */
export interface SessionRecord {
  /** SHA-256 of the session id, hex. */
  session_hash_sha256: string;
  /** The operator signed in, or null for a CONSOLE_TOKEN session. */
  operator_id: string | null;
  /**
   * What the session was opened with: the operator's token hash, or the console token's
   * fingerprint. A new token (or a new CONSOLE_TOKEN) no longer matches, which ends the session.
   */
  credential_hash: string;
  created_at_ms: number;
  last_seen_at_ms: number;
}

/** A store of sessions by hash. */
export interface SessionStore {
  insert(record: SessionRecord): Promise<void>;
  find(sessionHash: string): Promise<SessionRecord | null>;
  /** Records a request at `atMs` (the idle limit counts from the last one). */
  touch(sessionHash: string, atMs: number): Promise<void>;
  delete(sessionHash: string): Promise<void>;
  /** Deletes every session last seen before `idleBeforeMs` or created before `createdBeforeMs`. */
  sweep(idleBeforeMs: number, createdBeforeMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Sessions in this process's memory (the embedded default). */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();

  insert(record: SessionRecord): Promise<void> {
    this.sessions.set(record.session_hash_sha256, { ...record });
    return Promise.resolve();
  }

  find(sessionHash: string): Promise<SessionRecord | null> {
    const found = this.sessions.get(sessionHash);
    return Promise.resolve(found ? { ...found } : null);
  }

  touch(sessionHash: string, atMs: number): Promise<void> {
    const found = this.sessions.get(sessionHash);
    if (found) found.last_seen_at_ms = Math.max(found.last_seen_at_ms, atMs);
    return Promise.resolve();
  }

  delete(sessionHash: string): Promise<void> {
    this.sessions.delete(sessionHash);
    return Promise.resolve();
  }

  sweep(idleBeforeMs: number, createdBeforeMs: number): Promise<void> {
    for (const [hash, s] of this.sessions)
      if (s.last_seen_at_ms < idleBeforeMs || s.created_at_ms < createdBeforeMs) this.sessions.delete(hash);
    return Promise.resolve();
  }

  /** How many sessions are held (tests). */
  get size(): number {
    return this.sessions.size;
  }

  close(): Promise<void> {
    this.sessions.clear();
    return Promise.resolve();
  }
}
