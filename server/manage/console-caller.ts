// The console's own pages call the management API with the browser's session, not a management
// key: a request with no Authorization that a browser says comes from this site's own page
// (Sec-Fetch-Site: same-origin, else an Origin equal to ours) is the console actor its session
// cookie names, or the open demo's visitor. Its scopes follow the actor's role
// (src/manage/console-principal.ts): a viewer reads and is refused every change (403).
import type { IncomingMessage } from 'node:http';
import type { ConsoleActor } from '../../src/live/console-actor.ts';
import type { Principal } from '../../src/manage/actor.ts';
import { consolePrincipal } from '../../src/manage/console-principal.ts';
import { cookieOf } from '../console/cookie.ts';
import { signInPath } from '../console/paths.ts';
import { ownOrigin } from '../cross-site.ts';

/** Who a console request comes from (the console gate's `access.actorOf`). */
export type ConsoleActorLookup = (req: IncomingMessage) => Promise<ConsoleActor | null>;

/** Whether the browser says this request comes from a page of this very origin. */
export function fromOwnPage(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  return origin.toLowerCase() === ownOrigin({ headers: req.headers, encrypted });
}

/**
 * The principal of a management request sent by the console's own page, or undefined (then the
 * request needs a Bearer management key, as before).
 */
export async function consoleCaller(
  req: IncomingMessage,
  actorOf: ConsoleActorLookup | undefined,
): Promise<Principal | undefined> {
  if (!actorOf || req.headers.authorization !== undefined || !fromOwnPage(req)) return undefined;
  const actor = await actorOf(req);
  return actor ? consolePrincipal(actor) : undefined;
}

/**
 * Where to sign in again, when the console's own page sent a session cookie that names no live
 * session (signed out, expired, its operator removed); undefined otherwise. The API's 401 then
 * says the session has ended rather than asking for a management key.
 */
export async function endedConsoleSession(
  req: IncomingMessage,
  actorOf: ConsoleActorLookup | undefined,
): Promise<string | undefined> {
  if (!actorOf || req.headers.authorization !== undefined || !fromOwnPage(req)) return undefined;
  if (cookieOf(req) === undefined) return undefined;
  return (await actorOf(req)) === null ? signInPath : undefined;
}
