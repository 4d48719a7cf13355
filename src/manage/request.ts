// The management API's request as plain data (the Orders API's, plus what the transport knows:
// the caller's address, whether the request is cross-site, a principal the console authenticated),
// and reading its JSON body and query with problems that name the field.
import type { z } from 'zod';
import { limits } from '../api/orders/contract.ts';
import { isJsonMediaType } from '../api/orders/body-checks.ts';
import { parseBody } from '../api/orders/parse-body.ts';
import type { PlainRequest, PlainResponse } from '../api/orders/plain.ts';
import type { Principal } from './actor.ts';
import { invalidFields, manageProblem } from './problems.ts';

/** A management request. */
export interface ManageRequest extends PlainRequest {
  /** The peer's address (or the proxy's word for it); null when unknown. */
  sourceAddress: string | null;
  /** Why the transport's cross-site guard refuses this request (server/cross-site.ts); null: allowed. */
  crossSite: string | null;
  /** A caller the transport authenticated itself (a console session); else the Bearer `mk_` key. */
  principal?: Principal;
  /**
   * Set when the console's own page sent a session cookie that names no live session: where to
   * sign in again. A 401 then says the session has ended instead of asking for a management key.
   */
  signInAgainAt?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text ('' when there is none), or the problem reading it (invalid UTF-8 included). */
export async function bodyText(request: PlainRequest): Promise<{ text: string } | PlainResponse> {
  let body = request.body;
  if (typeof body === 'function') {
    const read = await body();
    if (read.kind === 'too-large')
      return manageProblem('payload-too-large', `The body is larger than ${limits.maxBodyBytes} bytes`);
    if (read.kind === 'timed-out')
      return manageProblem('request-timeout', `The body did not arrive within ${read.afterMs} ms`);
    if (read.kind === 'malformed') return manageProblem('invalid-request', read.reason);
    if (read.kind === 'unsupported-coding')
      return manageProblem(
        'transfer-coding-not-implemented',
        `Transfer-Encoding: ${read.coding} is not supported`,
      );
    body = read.bytes;
  }
  if (body === null) return { text: '' };
  if (typeof body === 'string') return { text: body };
  try {
    return { text: utf8.decode(body) };
  } catch {
    return manageProblem('malformed-json', 'The body is not valid UTF-8');
  }
}

/** The body as JSON validated by `schema`: {} when empty (a revoke needs nothing). */
export function parsed<S extends z.ZodType>(
  request: PlainRequest,
  text: string,
  schema: S,
): z.infer<S> | PlainResponse {
  let value: unknown = {};
  if (text.trim() !== '') {
    // As on the Orders API: a charset other than UTF-8 is refused, not read as UTF-8 regardless.
    if (!isJsonMediaType(request.headers['content-type']))
      return manageProblem('unsupported-media-type', 'Send the body as application/json, in UTF-8', {
        headers: { 'accept-patch': 'application/json' },
      });
    const read = parseBody(new TextEncoder().encode(text));
    if (read.kind === 'problem')
      return manageProblem('malformed-json', read.detail, {
        errors: [{ pointer: read.pointer, code: read.code, detail: read.detail }],
      });
    value = read.value;
  }
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? result.data : invalidFields(result.error.issues);
}

/** The query string's parameters validated by `schema` (a repeated parameter is refused). */
export function parsedQuery<S extends z.ZodType>(target: string, schema: S): z.infer<S> | PlainResponse {
  const at = target.indexOf('?');
  const params = new URLSearchParams(at === -1 ? '' : target.slice(at + 1));
  const value: Record<string, string> = {};
  for (const [name, given] of params) {
    if (name in value)
      return manageProblem('validation-failed', `${name} is given twice`, {
        errors: [{ pointer: '', parameter: name, code: 'repeated', detail: `${name} is given twice` }],
      });
    value[name] = given;
  }
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? result.data : invalidFields(result.error.issues, 'query');
}

/** Whether a value is a response (a problem) rather than parsed data. */
export function isResponse(value: unknown): value is PlainResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'headers' in value &&
    'body' in value &&
    typeof (value as { body: unknown }).body === 'string'
  );
}
