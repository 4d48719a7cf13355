// Keeps the console private once CONSOLE_TOKEN is set or any operator exists (docs/operators.md):
// every console page, fragment and the request log need a signed-in actor, from a server-side
// session (an opaque id in an HttpOnly SameSite=Strict cookie, Secure over https) opened by a small
// sign-in form, or from `Authorization: Bearer <token>`. Every unsafe console request is checked
// for cross-site origin first (CSRF, JSON included), sign-in and sign-out too; a viewer's unsafe
// requests are refused. The API (its own bearer keys) and health are not behind the gate. With
// neither token nor operators the console stays open and its actor is the demo visitor.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { announcesBody, bodyTimeoutMs, hasBrokenBody, writePlain } from '../src/api/http/node.ts';
import { randomId } from '../src/api/orders/ids.ts';
import type { PlainResponse } from '../src/api/orders/plain.ts';
import { problemResponse, withRequestId } from '../src/api/orders/respond.ts';
import { StoreUnavailableError } from '../src/api/orders/deps.ts';
import type { ConsoleActor } from '../src/live/console-actor.ts';
import type { NodeHandler } from './api-listener.ts';
import { signInPage } from './console-sign-in.ts';
import { ConsoleAccess } from './console/access.ts';
import { declaredTooLarge, handOver, readConsoleBody } from './console/body.ts';
import { clearSessionCookie, cookieOf, encrypted, setSessionCookie } from './console/cookie.ts';
import { runAs } from './console/current-actor.ts';
import { allowedMethods, methodRefusal } from './console/methods.ts';
import { signInPath, signOutPath } from './console/paths.ts';
import { consoleProblem, decodableTarget, malformedPathProblem } from './console/problems.ts';
import { crossSiteRefusal } from './cross-site.ts';
import { isTrustedHost } from './console/trusted-host.ts';
import { MemoryOperatorDirectory } from './operators/directory.ts';
import { MemorySessionStore } from './sessions/session-store.ts';
import { ConsoleSessions } from './sessions/sessions.ts';

export { sessionCookie } from './console/cookie.ts';
export { signInPath, signOutPath } from './console/paths.ts';

// Assets carry no caller data: the sign-in page needs the console's CSS and the browser its icon.
const openPrefixes = ['/_astro/', '/favicon'];
// Server islands render read-only fragments; Astro posts their props when they are long.
const readOnlyPrefixes = ['/_server-islands/'];
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const consoleHome = '/app/api';
const placeholderOrigin = 'http://console.invalid';

/**
 * A request-target as a URL, or null when it is not one: bad percent-encoding, or a path that
 * would read as another host (`//%00`, which `new URL(target, base)` takes for an authority).
 */
function consoleUrl(target: string): URL | null {
  if (!decodableTarget(target)) return null;
  try {
    return target.startsWith('/') ? new URL(placeholderOrigin + target) : new URL(target, placeholderOrigin);
  } catch {
    return null;
  }
}

/**
 * Where to go after signing in: a console path of this site, normalised and percent-encoded (so it
 * is always a valid Location), or the console's home. Control characters, backslashes and any path
 * that leaves /app/ once its dot segments are resolved go home.
 */
export function safeNext(next: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  if (!next?.startsWith('/app/') || /[\u0000-\u001f\u007f\\]/.test(next)) return consoleHome;
  const url = new URL(next, placeholderOrigin);
  const path = `${url.pathname}${url.search}`;
  const inConsole = url.origin === placeholderOrigin && url.pathname.startsWith('/app/');
  return inConsole && !url.pathname.startsWith(signInPath) && decodableTarget(path) ? path : consoleHome;
}

/** Whether the request's body is still unread, or its framing broke: its answer then closes the connection. */
function bodyLeft(req: IncomingMessage): boolean {
  return announcesBody(req.headers) && (!req.readableEnded || hasBrokenBody(req));
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body = '',
): void {
  const close: Record<string, string> = bodyLeft(req) ? { connection: 'close' } : {};
  res.writeHead(status, { 'cache-control': 'no-store', ...close, ...headers });
  res.end(body);
}

/** Writes a problem (or other plain answer) stamped with the request's id; an unread body closes. */
function answer(req: IncomingMessage, res: ServerResponse, response: PlainResponse): void {
  writePlain(res, withRequestId(response, String(res.getHeader('request-id'))), bodyLeft(req));
}

/** The access a gate given only a token (or nothing) runs with: no operators, sessions in memory. */
function tokenOnlyAccess(token: string | undefined): ConsoleAccess {
  const sessions = new ConsoleSessions(new MemorySessionStore());
  return new ConsoleAccess({ token, operators: new MemoryOperatorDirectory(), sessions });
}

/** Whether `actor` may send an unsafe request to `path` (a viewer only reads). */
function mayWrite(actor: ConsoleActor, path: string): boolean {
  return actor.role !== 'viewer' || readOnlyPrefixes.some((prefix) => path.startsWith(prefix));
}

/** How the gate reads bodies. */
export interface ConsoleGateOptions {
  /** How long a body may take to arrive once the gate reads it (the server's bodyMs); default 10 s. */
  bodyTimeoutMs?: number;
}

/**
 * Wraps the console handler so that only a signed-in actor gets through, unless the console is
 * open. `access` is the console's access (server/console/open.ts), or just a CONSOLE_TOKEN. Every
 * answer carries a `Request-Id`; every body is capped and read here (./console/body.ts).
 */
export function consoleGate(
  console: NodeHandler,
  access: ConsoleAccess | string | undefined,
  options: ConsoleGateOptions = {},
): NodeHandler {
  const rules = access instanceof ConsoleAccess ? access : tokenOnlyAccess(access);
  const bodyDeadlineMs = options.bodyTimeoutMs ?? bodyTimeoutMs;

  /** Reads the body for the console (Astro takes it from `req.body`); false once refused. */
  const takeBody = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const read = await readConsoleBody(req, bodyDeadlineMs);
    if (Buffer.isBuffer(read)) {
      handOver(req, read);
      return true;
    }
    answer(req, res, read);
    return false;
  };

  const signIn = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.method !== 'POST') {
      const actor = await rules.actorOf(req);
      const signedIn = actor && actor.type !== 'demo_visitor' && !req.headers.authorization ? actor : null;
      const html = signInPage({ next: safeNext(url.searchParams.get('next')), failed: false, signedIn });
      const body = req.method === 'HEAD' ? '' : html;
      return send(req, res, 200, { 'content-type': 'text/html; charset=utf-8' }, body);
    }
    const read = await readConsoleBody(req, bodyDeadlineMs);
    if (!Buffer.isBuffer(read)) return answer(req, res, read);
    const form = new URLSearchParams(read.toString('utf8'));
    const next = safeNext(form.get('next'));
    // A token copied from the Operators page may carry the blanks around it; tokens hold none.
    const signedIn = await rules.signIn((form.get('token') ?? '').trim());
    if (!signedIn) {
      const page = signInPage({ next, failed: true });
      return send(req, res, 401, { 'content-type': 'text/html; charset=utf-8' }, page);
    }
    // A session this browser had before ends: one browser, one session (no fixation either).
    await rules.signOut(req);
    const cookie = setSessionCookie(req, signedIn.sessionId, rules.sessions.limits.absoluteMs);
    send(req, res, 303, { location: next, 'set-cookie': cookie });
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && /text\/html/.test(req.headers.accept ?? '');
    if (wantsPage) {
      const next = encodeURIComponent(`${url.pathname}${url.search}`);
      return send(req, res, 303, { location: `${signInPath}?next=${next}` });
    }
    // A cookie that opened nothing names a session that has ended (signed out, expired, removed).
    const detail =
      cookieOf(req) !== undefined && req.headers.authorization === undefined
        ? `Your console session has ended; sign in again at ${signInPath}`
        : `The console is private: sign in at ${signInPath}, or send Authorization: Bearer <CONSOLE_TOKEN or your operator token>`;
    answer(
      req,
      res,
      problemResponse('unauthenticated', detail, { 'www-authenticate': 'Bearer realm="console"' }),
    );
  };

  const gate = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = consoleUrl(req.url ?? '/');
    if (url === null) return answer(req, res, malformedPathProblem());
    const unsafe = !safeMethods.has(req.method ?? 'GET');
    if (unsafe) {
      const crossSite = crossSiteRefusal({
        method: req.method,
        headers: req.headers,
        encrypted: encrypted(req),
      });
      if (crossSite !== null) return answer(req, res, consoleProblem('cross-site-request', crossSite));
    }
    if (!isTrustedHost(req.headers.host, rules.allowedHosts) && (await rules.isOpen())) {
      const detail = `This open demo answers at localhost, an IP address, or a host named in ESTATE_ALLOWED_HOSTS, not at ${req.headers.host ?? ''} (a DNS rebinding would look like this)`;
      return answer(req, res, consoleProblem('untrusted-host', detail));
    }
    // Refused from the headers alone: a method the path does not take, a body too large to read.
    const refused =
      methodRefusal(req.method ?? 'GET', url.pathname, req.headers) ?? declaredTooLarge(req.headers);
    if (refused !== null) return answer(req, res, refused);
    // What a path takes, and nothing more: no CORS headers, so a cross-origin preflight fails.
    if (req.method === 'OPTIONS')
      return send(req, res, 204, { allow: `${allowedMethods(url.pathname)}, OPTIONS` });
    if (url.pathname === signInPath) return signIn(req, res, url);
    if (url.pathname === signOutPath && req.method === 'POST') {
      await rules.signOut(req);
      return send(req, res, 303, { location: signInPath, 'set-cookie': clearSessionCookie(req) });
    }
    if (openPrefixes.some((prefix) => url.pathname.startsWith(prefix)))
      return (await takeBody(req, res)) ? console(req, res) : undefined;
    const actor = await rules.actorOf(req);
    if (!actor) return refuse(req, res, url);
    if (unsafe && !mayWrite(actor, url.pathname)) {
      const detail = `${actor.name} is a viewer: viewers read the console but change nothing`;
      return answer(req, res, consoleProblem('role-not-allowed', detail));
    }
    if (!(await takeBody(req, res))) return;
    return runAs(actor, () => console(req, res));
  };

  return (req, res) => {
    const requestId = randomId('req_');
    res.setHeader('request-id', requestId);
    // Pages see it too, to repeat in a problem they answer themselves (a client's own is replaced).
    req.headers['request-id'] = requestId;
    return gate(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const out = error instanceof StoreUnavailableError;
      const failure = out
        ? problemResponse('service-unavailable', 'The console cannot check who you are right now', {
            'retry-after': String(error.retryAfterSeconds),
          })
        : problemResponse('internal-error', 'Unexpected failure in the console gate');
      writePlain(res, withRequestId(failure, String(res.getHeader('request-id'))), true);
    });
  };
}
