// Who a console request comes from, and signing in and out (docs/operators.md). A request is the
// open demo's visitor when neither CONSOLE_TOKEN nor any operator exists; otherwise it needs a
// bearer token (CONSOLE_TOKEN, or an operator's own) or a live session cookie. An operator's role
// is looked up on every request (the directory is at most a second stale), so a role change, a
// removal or a new token applies to sessions already open.
import { scryptSync, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { consoleTokenActor, demoVisitor, type ConsoleActor } from '../../src/live/console-actor.ts';
import type { Operator } from '../../src/operators/operator.ts';
import type { OperatorDirectory } from '../operators/directory.ts';
import { operatorTokenPrefix, tokenHash } from '../operators/operators.ts';
import type { ConsoleSessions } from '../sessions/sessions.ts';
import { cookieOf } from './cookie.ts';
import { allowedHostsFromEnv, isTrustedHost } from './trusted-host.ts';

/** What the console's access needs. */
export interface ConsoleAccessOptions {
  /** CONSOLE_TOKEN: the single-admin shortcut. */
  token?: string | undefined;
  operators: OperatorDirectory;
  sessions: ConsoleSessions;
  /** Host names the open demo answers at besides IPs and localhost; default ESTATE_ALLOWED_HOSTS and HOST. */
  allowedHosts?: readonly string[];
}

/** A session just opened: the cookie's value, and who it is for. */
export interface SignedIn {
  sessionId: string;
  actor: ConsoleActor;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function operatorActor(op: Operator): ConsoleActor {
  return { type: 'operator', id: op.operator_id, name: op.name, role: op.role };
}

/** The bearer token of an Authorization header, if any. */
function bearerOf(req: Pick<IncomingMessage, 'headers'>): string | undefined {
  return /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
}

/** The console's access rules over a directory of operators and a session store. */
export class ConsoleAccess {
  readonly sessions: ConsoleSessions;
  private readonly token: string | undefined;
  private readonly operators: OperatorDirectory;
  /** A slow, salted digest of CONSOLE_TOKEN that its sessions carry (a stored copy reveals little). */
  private readonly tokenFingerprint: string | null;
  private readonly resolved = new WeakMap<object, Promise<ConsoleActor | null>>();
  /** Host names the open demo answers at besides IP addresses and localhost (./trusted-host.ts). */
  readonly allowedHosts: readonly string[];

  constructor(options: ConsoleAccessOptions) {
    this.allowedHosts = options.allowedHosts ?? allowedHostsFromEnv();
    this.token = options.token || undefined;
    this.operators = options.operators;
    this.sessions = options.sessions;
    this.tokenFingerprint = this.token
      ? scryptSync(this.token, 'estate-console session credential v2', 32).toString('hex')
      : null;
  }

  /** Whether the console is open: no CONSOLE_TOKEN and no operator. */
  async isOpen(): Promise<boolean> {
    return this.token === undefined && (await this.operators.count()) === 0;
  }

  /** Who sent this request (resolved once per request), or null when nobody is signed in. */
  actorOf(req: Pick<IncomingMessage, 'headers'>): Promise<ConsoleActor | null> {
    let actor = this.resolved.get(req);
    if (!actor) {
      actor = this.resolve(req);
      this.resolved.set(req, actor);
    }
    return actor;
  }

  private async resolve(req: Pick<IncomingMessage, 'headers'>): Promise<ConsoleActor | null> {
    // The open demo's visitor only at a host no DNS rebinding can be (./trusted-host.ts).
    if (await this.isOpen()) return isTrustedHost(req.headers.host, this.allowedHosts) ? demoVisitor : null;
    const bearer = bearerOf(req);
    if (bearer !== undefined) return this.byCredential(bearer);
    const session = await this.sessions.resolve(cookieOf(req as IncomingMessage));
    if (!session) return null;
    if (session.operator_id === null) {
      if (this.tokenFingerprint !== null && session.credential_hash === this.tokenFingerprint)
        return consoleTokenActor;
    } else {
      const op = await this.operators.byId(session.operator_id);
      if (op && op.token_hash_sha256 === session.credential_hash) return operatorActor(op);
    }
    // Its operator is gone, their token or CONSOLE_TOKEN changed: the session has ended.
    await this.sessions.drop(session);
    return null;
  }

  /** The actor a secret names: CONSOLE_TOKEN or an operator's token; null for anything else. */
  private async byCredential(secret: string): Promise<ConsoleActor | null> {
    if (this.token !== undefined && sameSecret(secret, this.token)) return consoleTokenActor;
    if (!secret.startsWith(operatorTokenPrefix)) return null;
    const op = await this.operators.byTokenHash(tokenHash(secret));
    return op ? operatorActor(op) : null;
  }

  /** Opens a session for the holder of `secret`, or null when it is nobody's. */
  async signIn(secret: string): Promise<SignedIn | null> {
    const actor = await this.byCredential(secret);
    if (!actor) return null;
    if (actor.type === 'console_token')
      return { sessionId: await this.sessions.start(null, this.tokenFingerprint ?? ''), actor };
    const op = await this.operators.byId(actor.id);
    if (!op) return null;
    return { sessionId: await this.sessions.start(op.operator_id, op.token_hash_sha256), actor };
  }

  /** Ends the session of this request's cookie, if it has one. */
  async signOut(req: IncomingMessage): Promise<void> {
    await this.sessions.end(cookieOf(req));
  }
}
