// The console's session cookie: read from a request, and set or cleared on an answer. Always
// HttpOnly and SameSite=Strict; Secure whenever the request came over TLS or a proxy said so
// (X-Forwarded-Proto: https), as ownOrigin reads it.
import type { IncomingMessage } from 'node:http';
import { ownOrigin } from '../cross-site.ts';

/** The session cookie's name. */
export const sessionCookie = 'estate_console_session';

/** Whether the request came over TLS on this socket. */
export function encrypted(req: IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
}

/** Whether the browser reached us over https (directly, or through a proxy that says so). */
export function overHttps(req: IncomingMessage): boolean {
  return ownOrigin({ headers: req.headers, encrypted: encrypted(req) })?.startsWith('https:') === true;
}

/** The value of cookie `name` on the request, if sent. */
export function cookieOf(req: IncomingMessage, name: string = sessionCookie): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function flags(req: IncomingMessage): string {
  return `Path=/; HttpOnly; SameSite=Strict${overHttps(req) ? '; Secure' : ''}`;
}

/** The Set-Cookie that carries a new session id; the browser forgets it at the absolute limit. */
export function setSessionCookie(req: IncomingMessage, sessionId: string, maxAgeMs: number): string {
  return `${sessionCookie}=${sessionId}; ${flags(req)}; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
}

/** The Set-Cookie that clears the session cookie. */
export function clearSessionCookie(req: IncomingMessage): string {
  return `${sessionCookie}=; ${flags(req)}; Max-Age=0`;
}
