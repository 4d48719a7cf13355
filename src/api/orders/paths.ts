// Request paths, two readings. The router's is generous: whatever any normaliser could read as the
// API's space (/v1/…, /v2/…, /v3/…) goes to the contract, never to the console. The contract's is
// strict (RFC 3986 §6.2.2): a path is served only as it is canonically spelt, so no alias slips
// past a check, and a near miss is told the canonical spelling. Pure: no node, no framework.

/** The first segment of an API path: a version prefix (`v2`), in either case. */
const versionSegment = /^v\d+$/i;

/** Letters, digits, "/", "_" and "-": nothing to decode or resolve (the common request). */
const plainChars = /^[A-Za-z0-9/_-]*$/;

const lossy = new TextDecoder('utf-8');

/** A plain path under a version segment, query allowed: the API's at a glance (the common request). */
const plainApiTarget = /^\/(v\d+)(?:\/[A-Za-z0-9/_-]*)?(?:\?[^#]*)?$/i;

/** The path of a request-target (origin form or absolute form), without query or fragment. */
export function pathOfTarget(target: string): string {
  const query = target.indexOf('?');
  const fragment = target.indexOf('#');
  const end = Math.min(query === -1 ? target.length : query, fragment === -1 ? target.length : fragment);
  const path = end === target.length ? target : target.slice(0, end);
  if (path.startsWith('/')) return path;
  // Absolute form ("http://host/v2/orders"): the path after the authority.
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/.exec(path);
  return authority ? path.slice(authority[0].length) || '/' : path;
}

/** Percent-decodes what decodes (%2F included) and keeps what does not, bytes read as UTF-8. */
function decodeLeniently(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    return lossy.decode(bytes);
  });
}

/**
 * Segments after resolving "." and "..": without the empty ones (repeated slashes collapsed), or
 * keeping them as a WHATWG URL parser does (`/a//../v2` is `/a/v2` there, `/v2` here).
 */
function resolvedSegments(segments: readonly string[], keepEmpty = false): string[] {
  const out: string[] = [];
  for (const [i, segment] of segments.entries()) {
    if (segment === '.' || (segment === '' && (!keepEmpty || i === 0))) continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out;
}

/**
 * The first segment of each reading of a path that a server or proxy might make: escapes decoded
 * within each segment or across the whole path (%2F and a backslash then separate, as WHATWG URL
 * parsers read a backslash), repeated slashes collapsed or kept.
 */
function firstSegments(path: string): (string | undefined)[] {
  const bySegment = path.split('/').map(decodeLeniently);
  const whole = decodeLeniently(path).replaceAll('\\', '/').split('/');
  return [bySegment, whole].flatMap((segments) => [
    resolvedSegments(segments)[0],
    resolvedSegments(segments, true)[0],
  ]);
}

/**
 * The API version a request-target reads as (`v2`, lower case), or null when it is not the API's:
 * a reading of its path (see firstSegments) must start with a version segment.
 */
export function apiVersionOf(target: string): string | null {
  const plain = plainApiTarget.exec(target);
  if (plain) return (plain[1] as string).toLowerCase();
  const path = pathOfTarget(target);
  const firsts = plainChars.test(path) ? [path.split('/').find((s) => s !== '')] : firstSegments(path);
  const version = firsts.find((first) => first !== undefined && versionSegment.test(first));
  return version === undefined ? null : version.toLowerCase();
}

/** Whether a request-target belongs to the API (see apiVersionOf). */
export function isApiTarget(target: string): boolean {
  return apiVersionOf(target) !== null;
}

/** RFC 3986 unreserved characters: their percent-encodings are decoded in the canonical form. */
const unreserved = /^[A-Za-z0-9._~-]$/;

/** A path is canonical when nothing in it needs decoding, resolving or collapsing. */
const canonicalShape = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/** The strict reading of a path: its canonical spelling, or why it has none. */
export type CanonicalPath = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The canonical spelling of a path (RFC 3986 §6.2.2): escapes of unreserved characters decoded,
 * other escapes in upper case, dot segments resolved, empty segments (repeated or trailing
 * slashes) dropped. A malformed escape, or escapes that are not UTF-8, leave no canonical spelling.
 */
export function canonicalPath(path: string): CanonicalPath {
  if (canonicalShape.test(path)) return { ok: true, path };
  if (/%(?![0-9A-Fa-f]{2})/.test(path))
    return { ok: false, reason: 'The path has a malformed percent-escape' };
  try {
    decodeURIComponent(path);
  } catch {
    return { ok: false, reason: 'The path has percent-escapes that are not UTF-8' };
  }
  const segments = path.split('/').map((segment) =>
    segment.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
      const char = String.fromCharCode(parseInt(escape.slice(1), 16));
      return unreserved.test(char) ? char : escape.toUpperCase();
    }),
  );
  return { ok: true, path: '/' + resolvedSegments(segments).join('/') };
}
