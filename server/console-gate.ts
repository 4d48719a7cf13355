// Keeps the console private once CONSOLE_TOKEN is set or any operator exists (docs/operators.md):
// every console page, fragment and the request log need a signed-in actor, from a server-side
// session (an opaque id in an HttpOnly SameSite=Strict cookie, Secure over https) opened by a small
// sign-in form, or from `Authorization: Bearer <token>`. Every unsafe console request is checked
// for cross-site origin first (CSRF, JSON included), sign-in and sign-out too; a viewer's unsafe
// requests are refused. The API (its own bearer keys) and health are not behind the gate. With
// neither token nor operators the console stays open and its actor is the demo visitor.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writePlain } from '../src/api/http/node.ts';
import { problemResponse } from '../src/api/orders/respond.ts';
import { StoreUnavailableError } from '../src/api/orders/deps.ts';
import type { ConsoleActor } from '../src/live/console-actor.ts';
import type { NodeHandler } from './api-listener.ts';
import { signInPage } from './console-sign-in.ts';
import { ConsoleAccess } from './console/access.ts';
import { clearSessionCookie, encrypted, setSessionCookie } from './console/cookie.ts';
import { runAs } from './console/current-actor.ts';
import { consoleProblem, decodableTarget, malformedPathProblem } from './console/problems.ts';
import { crossSiteRefusal } from './cross-site.ts';
import { isTrustedHost } from './console/trusted-host.ts';
import { MemoryOperatorDirectory } from './operators/directory.ts';
import { MemorySessionStore } from './sessions/session-store.ts';
import { ConsoleSessions } from './sessions/sessions.ts';

export { sessionCookie } from './console/cookie.ts';

/** The sign-in form's path; its POST takes `token` and `next`. */
export const signInPath = '/app/sign-in';
/** Ends the session and clears its cookie (POST). */
export const signOutPath = '/app/sign-out';

const maxFormBytes = 4096;
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

function send(res: ServerResponse, status: number, headers: Record<string, string>, body = ''): void {
  res.writeHead(status, { 'cache-control': 'no-store', ...headers });
  res.end(body);
}

function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    if (Number(req.headers['content-length']) > maxFormBytes) return resolve(null);
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxFormBytes) return void chunks.push(chunk);
      // Read no further: the answer closes the connection (writePlain's `close`).
      req.off('data', onData).pause();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', () => resolve(null));
  });
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

/**
 * Wraps the console handler so that only a signed-in actor gets through, unless the console is
 * open. `access` is the console's access (server/console/open.ts), or just a CONSOLE_TOKEN.
 */
export function consoleGate(console: NodeHandler, access: ConsoleAccess | string | undefined): NodeHandler {
  const rules = access instanceof ConsoleAccess ? access : tokenOnlyAccess(access);

  const signIn = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.method !== 'POST') {
      const actor = await rules.actorOf(req);
      const signedIn = actor && actor.type !== 'demo_visitor' && !req.headers.authorization ? actor : null;
      const html = signInPage({ next: safeNext(url.searchParams.get('next')), failed: false, signedIn });
      const body = req.method === 'HEAD' ? '' : html;
      return send(res, 200, { 'content-type': 'text/html; charset=utf-8' }, body);
    }
    const form = await readForm(req);
    if (!form) {
      const detail = `The sign-in form takes at most ${maxFormBytes} bytes`;
      return writePlain(res, problemResponse('payload-too-large', detail), true);
    }
    const next = safeNext(form.get('next'));
    const signedIn = await rules.signIn(form.get('token') ?? '');
    if (!signedIn) {
      const page = signInPage({ next, failed: true });
      return send(res, 401, { 'content-type': 'text/html; charset=utf-8' }, page);
    }
    // A session this browser had before ends: one browser, one session (no fixation either).
    await rules.signOut(req);
    const cookie = setSessionCookie(req, signedIn.sessionId, rules.sessions.limits.absoluteMs);
    send(res, 303, { location: next, 'set-cookie': cookie });
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && /text\/html/.test(req.headers.accept ?? '');
    if (wantsPage) {
      const next = encodeURIComponent(`${url.pathname}${url.search}`);
      return send(res, 303, { location: `${signInPath}?next=${next}` });
    }
    const detail = `The console is private: sign in at ${signInPath}, or send Authorization: Bearer <CONSOLE_TOKEN or your operator token>`;
    writePlain(
      res,
      problemResponse('unauthenticated', detail, { 'www-authenticate': 'Bearer realm="console"' }),
    );
  };

  const gate = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = consoleUrl(req.url ?? '/');
    if (url === null) return writePlain(res, malformedPathProblem());
    const unsafe = !safeMethods.has(req.method ?? 'GET');
    if (unsafe) {
      const crossSite = crossSiteRefusal({
        method: req.method,
        headers: req.headers,
        encrypted: encrypted(req),
      });
      if (crossSite !== null) return writePlain(res, consoleProblem('cross-site-request', crossSite));
    }
    if (!isTrustedHost(req.headers.host, rules.allowedHosts) && (await rules.isOpen())) {
      const detail = `This open demo answers at localhost, an IP address, or a host named in ESTATE_ALLOWED_HOSTS, not at ${req.headers.host ?? ''} (a DNS rebinding would look like this)`;
      return writePlain(res, consoleProblem('untrusted-host', detail));
    }
    if (url.pathname === signInPath) return signIn(req, res, url);
    if (url.pathname === signOutPath && req.method === 'POST') {
      await rules.signOut(req);
      return send(res, 303, { location: signInPath, 'set-cookie': clearSessionCookie(req) });
    }
    if (openPrefixes.some((prefix) => url.pathname.startsWith(prefix))) return console(req, res);
    const actor = await rules.actorOf(req);
    if (!actor) return refuse(req, res, url);
    if (unsafe && !mayWrite(actor, url.pathname)) {
      const detail = `${actor.name} is a viewer: viewers read the console but change nothing`;
      return writePlain(res, consoleProblem('role-not-allowed', detail));
    }
    return runAs(actor, () => console(req, res));
  };

  return (req, res) =>
    gate(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const out = error instanceof StoreUnavailableError;
      const answer = out
        ? problemResponse('service-unavailable', 'The console cannot check who you are right now', {
            'retry-after': String(error.retryAfterSeconds),
          })
        : problemResponse('internal-error', 'Unexpected failure in the console gate');
      writePlain(res, answer, true);
    });
}
