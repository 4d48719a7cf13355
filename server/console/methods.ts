// Which methods each console path takes, in one place (docs/decisions.md, "Console HTTP"): every
// page and endpoint reads with GET and HEAD; only the pages with a form, sign-in and sign-out also
// take POST, and server islands take Astro's POST of their props. Any other unsafe method is 405
// problem+json naming what the path takes, before anything reads the body (and OPTIONS is answered
// with it: the gate's 204); a form page posted something other than a form is 415 problem+json, so
// a script sending JSON hears JSON.
import type { IncomingHttpHeaders } from 'node:http';
import type { PlainResponse } from '../../src/api/orders/plain.ts';
import { problemResponse } from '../../src/api/orders/respond.ts';

/** What a console path takes by POST: a form, anything (a server island's props), or a bare POST. */
type PostBody = 'form' | 'any';

/** Console paths that take POST, and what their body must be. */
const postPaths: readonly { pattern: RegExp; body: PostBody }[] = [
  { pattern: /^\/app\/sign-in$/, body: 'form' },
  { pattern: /^\/app\/sign-out$/, body: 'any' },
  { pattern: /^\/app\/operators\/?$/, body: 'form' },
  { pattern: /^\/app\/api\/events\/endpoints\/[^/]+\/?$/, body: 'form' },
  { pattern: /^\/_server-islands\//, body: 'any' },
];

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const formTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** What a POST to `path` must carry, or undefined when the path takes no POST. */
function postBodyOf(path: string): PostBody | undefined {
  return postPaths.find(({ pattern }) => pattern.test(path))?.body;
}

/** The methods `path` takes, as an Allow header's value. */
export function allowedMethods(path: string): string {
  return postBodyOf(path) === undefined ? 'GET, HEAD' : 'GET, HEAD, POST';
}

/**
 * Why the console refuses `method` on `path` before reading its body: 405 for an unsafe method the
 * path does not take, 415 for a form page posted something other than a form; null to go on.
 */
export function methodRefusal(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
): PlainResponse | null {
  const asked = method.toUpperCase();
  if (safeMethods.has(asked)) return null;
  const body = postBodyOf(path);
  if (asked !== 'POST' || body === undefined) {
    const allow = allowedMethods(path);
    return problemResponse('method-not-allowed', `${path} takes ${allow}, not ${asked}`, { allow });
  }
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (body === 'form' && !formTypes.has(type))
    return problemResponse(
      'unsupported-media-type',
      `${path} takes a form: send it as application/x-www-form-urlencoded or multipart/form-data`,
      { 'accept-post': 'application/x-www-form-urlencoded, multipart/form-data' },
    );
  return null;
}
