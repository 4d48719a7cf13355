// Keeps the console private when CONSOLE_TOKEN is set: every console page, fragment and the request
// log need the token, as an HttpOnly SameSite=Strict session cookie set by a small sign-in form or
// as `Authorization: Bearer <token>`. The cookie holds an HMAC of the token, never the token, and
// nothing here logs or echoes it. The API (its own bearer keys) and health are not behind the gate.
// Unset, the console stays open (docs/decisions.md, "Console privacy").
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writePlain } from '../src/api/http/node.ts';
import { problemResponse } from '../src/api/orders/respond.ts';
import type { NodeHandler } from './api-listener.ts';
import { signInPage } from './console-sign-in.ts';
import { consoleProblem, decodableTarget, malformedPathProblem } from './console/problems.ts';
import { crossSiteRefusal } from './cross-site.ts';

/** The sign-in form's path; its POST takes `token` and `next`. */
export const signInPath = '/app/sign-in';
/** Clears the session cookie (POST). */
export const signOutPath = '/app/sign-out';
/** The session cookie's name. */
export const sessionCookie = 'estate_console_session';

const maxFormBytes = 4096;
// Assets carry no caller data: the sign-in page needs the console's CSS and the browser its icon.
const openPrefixes = ['/_astro/', '/favicon'];

/** The cookie value a token grants: an HMAC, so the cookie never holds the token itself. */
export function sessionValue(token: string): string {
  return createHmac('sha256', token).update('estate-console session v1').digest('base64url');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

const consoleHome = '/app/api';
const placeholderOrigin = 'http://console.invalid';

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

/** Whether the request came over TLS on this socket. */
function encrypted(req: IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true;
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

/** Wraps the console handler so that, with a token, only a signed-in browser or bearer gets through. */
export function consoleGate(console: NodeHandler, token: string | undefined): NodeHandler {
  if (!token)
    return (req, res) =>
      decodableTarget(req.url ?? '/') ? console(req, res) : writePlain(res, malformedPathProblem());
  const session = sessionValue(token);
  const cookieFlags = 'Path=/; HttpOnly; SameSite=Strict';

  const signedIn = (req: IncomingMessage): boolean => {
    const bearer = /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) return sameSecret(bearer, token);
    const cookie = cookieOf(req, sessionCookie);
    return cookie !== undefined && sameSecret(cookie, session);
  };

  const signIn = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.method !== 'POST') {
      const html = signInPage({ next: safeNext(url.searchParams.get('next')), failed: false });
      return send(
        res,
        200,
        { 'content-type': 'text/html; charset=utf-8' },
        req.method === 'HEAD' ? '' : html,
      );
    }
    const form = await readForm(req);
    if (!form)
      return writePlain(
        res,
        problemResponse('payload-too-large', `The sign-in form takes at most ${maxFormBytes} bytes`),
        true,
      );
    const next = safeNext(form.get('next'));
    if (!sameSecret(form.get('token') ?? '', token)) {
      return send(
        res,
        401,
        { 'content-type': 'text/html; charset=utf-8' },
        signInPage({ next, failed: true }),
      );
    }
    send(res, 303, { location: next, 'set-cookie': `${sessionCookie}=${session}; ${cookieFlags}` });
  };

  return (req, res) => {
    if (!decodableTarget(req.url ?? '/')) return writePlain(res, malformedPathProblem());
    const url = new URL(req.url ?? '/', placeholderOrigin);
    const crossSite = crossSiteRefusal({
      method: req.method,
      headers: req.headers,
      encrypted: encrypted(req),
    });
    if (crossSite !== null && (url.pathname === signInPath || url.pathname === signOutPath))
      return writePlain(res, consoleProblem('cross-site-request', crossSite));
    if (url.pathname === signInPath) return signIn(req, res, url);
    if (url.pathname === signOutPath && req.method === 'POST') {
      return send(res, 303, {
        location: signInPath,
        'set-cookie': `${sessionCookie}=; ${cookieFlags}; Max-Age=0`,
      });
    }
    if (openPrefixes.some((prefix) => url.pathname.startsWith(prefix)) || signedIn(req))
      return console(req, res);
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && /text\/html/.test(req.headers.accept ?? '');
    if (wantsPage) {
      const next = encodeURIComponent(`${url.pathname}${url.search}`);
      return send(res, 303, { location: `${signInPath}?next=${next}` });
    }
    const detail = `The console is private (CONSOLE_TOKEN is set): sign in at ${signInPath}, or send Authorization: Bearer <CONSOLE_TOKEN>`;
    writePlain(
      res,
      problemResponse('unauthenticated', detail, { 'www-authenticate': 'Bearer realm="console"' }),
    );
  };
}
