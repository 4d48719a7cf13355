// Console sessions: an opaque random id in the cookie (32 bytes, base64url), its hash in the store.
// A session ends when it has been idle for `idleMs`, when it is `absoluteMs` old, or when its owner
// signs out; an ended session is deleted, so a copied cookie opens nothing either (docs/operators.md).
import { hash, randomBytes } from 'node:crypto';
import type { SessionRecord, SessionStore } from './session-store.ts';

/** How long a session lasts. */
export interface SessionLimits {
  /** Ends after this long without a request. */
  idleMs: number;
  /** Ends this long after sign-in, however busy. */
  absoluteMs: number;
  /**
   * A request refreshes the idle clock only when the last refresh is this old, so a busy console
   * does not write on every request: a session may end up to this much before its idle limit.
   */
  touchEveryMs: number;
}

/** The limits the server runs with: 30 minutes idle, 12 hours in all (docs/decisions.md). */
export const defaultSessionLimits: SessionLimits = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  touchEveryMs: 15_000,
};

const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 of a session id, hex: how the store knows it. */
export function sessionHash(sessionId: string): string {
  return hash('sha256', sessionId, 'hex');
}

/** Opens, checks and ends console sessions over a store; `now` is epoch ms (tests inject it). */
export class ConsoleSessions {
  readonly limits: SessionLimits;
  private readonly store: SessionStore;
  private readonly now: () => number;

  constructor(store: SessionStore, limits: Partial<SessionLimits> = {}, now: () => number = Date.now) {
    this.store = store;
    this.limits = { ...defaultSessionLimits, ...limits };
    this.now = now;
  }

  /** Opens a session for an operator (or null: the console token); returns the id for the cookie. */
  async start(operatorId: string | null, credentialHash: string): Promise<string> {
    const at = this.now();
    // Expired sessions go whenever one is opened: the store never holds more than a day's sign-ins.
    await this.store.sweep(at - this.limits.idleMs, at - this.limits.absoluteMs);
    const sessionId = randomBytes(32).toString('base64url');
    await this.store.insert({
      session_hash_sha256: sessionHash(sessionId),
      operator_id: operatorId,
      credential_hash: credentialHash,
      created_at_ms: at,
      last_seen_at_ms: at,
    });
    return sessionId;
  }

  /** The live session this cookie value opens, refreshed; null (and deleted) when it has ended. */
  async resolve(sessionId: string | undefined): Promise<SessionRecord | null> {
    if (sessionId === undefined || !sessionIdPattern.test(sessionId)) return null;
    const key = sessionHash(sessionId);
    const session = await this.store.find(key);
    if (!session) return null;
    const at = this.now();
    const idle = at - session.last_seen_at_ms >= this.limits.idleMs;
    const old = at - session.created_at_ms >= this.limits.absoluteMs;
    if (idle || old) {
      await this.store.delete(key);
      return null;
    }
    if (at - session.last_seen_at_ms >= this.limits.touchEveryMs) {
      await this.store.touch(key, at);
      session.last_seen_at_ms = at;
    }
    return session;
  }

  /** Ends the session this cookie value opens (sign-out); a value that opens none is ignored. */
  async end(sessionId: string | undefined): Promise<void> {
    if (sessionId !== undefined && sessionIdPattern.test(sessionId))
      await this.store.delete(sessionHash(sessionId));
  }

  /** Ends a session already resolved (its operator is gone, or its token changed). */
  async drop(session: SessionRecord): Promise<void> {
    await this.store.delete(session.session_hash_sha256);
  }
}
