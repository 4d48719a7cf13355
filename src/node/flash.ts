// One-time results of a console form (Post/Redirect/Get): a page that acts on a POST holds what it
// has to say (a notice, a new operator's token) here, sets a cookie naming it by a random id, and
// answers 303 to its own GET, which takes the result and deletes it. A reload or Back repeats the
// GET, never the act, and a secret is shown once: it is never in a URL, a log or the cookie, only
// in this process's memory for a minute (docs/decisions.md, "Post/Redirect/Get on console forms").
import { randomBytes } from 'node:crypto';

/** How long a result waits for its GET. */
export const flashTtlMs = 60_000;
/** The most results held at once; the oldest go first (a flood of posts cannot grow memory). */
const maxHeld = 1_000;
/** The cookie naming a held result; its path is the page's, so only that page receives it. */
export const flashCookie = 'estate_flash';

interface Held {
  page: string;
  value: unknown;
  expiresMs: number;
}

// One map per process, whichever built chunk imports this module.
const holder = globalThis as { [key: symbol]: Map<string, Held> | undefined };
const slot = Symbol.for('estate.console.flash');
const held: Map<string, Held> = (holder[slot] ??= new Map<string, Held>());

/** The part of Astro.cookies a flash uses. */
export interface FlashCookies {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: Record<string, unknown>): void;
  delete(name: string, options: Record<string, unknown>): void;
}

const cookieOptions = (page: string, secure: boolean) => ({
  path: page,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
});

/**
 * Holds `value` for the next GET of `page` by this browser: sets the cookie naming it. `secure`
 * when the console is served over https.
 */
export function holdFlash(
  cookies: FlashCookies,
  page: string,
  value: unknown,
  secure: boolean,
  nowMs = Date.now(),
): void {
  for (const [id, h] of held) if (h.expiresMs <= nowMs) held.delete(id);
  while (held.size >= maxHeld) {
    const oldest = held.keys().next().value;
    if (oldest === undefined) break;
    held.delete(oldest);
  }
  const id = randomBytes(32).toString('base64url');
  held.set(id, { page, value, expiresMs: nowMs + flashTtlMs });
  cookies.set(flashCookie, id, { ...cookieOptions(page, secure), maxAge: flashTtlMs / 1000 });
}

/** What a GET finds: the result (once), `gone` (its cookie outlived it), or null (none). */
export type FlashRead<T> = { value: T } | 'gone' | null;

/** Takes the result held for this browser on `page` and forgets it, so it is shown once. */
export function takeFlash<T>(
  cookies: FlashCookies,
  page: string,
  secure: boolean,
  nowMs = Date.now(),
): FlashRead<T> {
  const id = cookies.get(flashCookie)?.value;
  if (id === undefined || id === '') return null;
  cookies.delete(flashCookie, cookieOptions(page, secure));
  const h = held.get(id);
  held.delete(id);
  if (h === undefined || h.page !== page || h.expiresMs <= nowMs) return 'gone';
  return { value: h.value as T };
}

/** Whether the page was asked over https (directly or, as a proxy says, before it). */
export function servedSecurely(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}
