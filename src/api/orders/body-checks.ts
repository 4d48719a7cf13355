// What every JSON write body of the Orders API must pass, from its headers to its text: size by
// Content-Length, no Content-Encoding, Content-Type application/json; then read within the cap and
// the deadline; then UTF-8 and I-JSON (./parse-body.ts). Orders and webhook endpoints alike.
import { limits } from './contract.ts';
import type { ParsedBody } from './parse-body.ts';
import type { BodyRead, PlainRequest, PlainResponse } from './plain.ts';
import { problemResponse } from './respond.ts';

const encoder = new TextEncoder();

/** Whether a Content-Type is application/json (charset, if given, utf-8). */
export function isJsonMediaType(value: string | undefined): boolean {
  if (value === 'application/json') return true;
  if (!value) return false;
  const [type = '', ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => param === '' || /^charset="?utf-8"?$/.test(param));
}

/** Whether a Content-Encoding says the body is not coded (absent, empty or `identity`). */
function isUncoded(value: string | undefined): boolean {
  return value === undefined || /^\s*(identity)?\s*$/i.test(value);
}

/** The body, read now if the adapter left it to be read on demand (at once if it has arrived). */
export function readBody(body: PlainRequest['body']): BodyRead | Promise<BodyRead> {
  if (typeof body === 'function') return body();
  const bytes = typeof body === 'string' ? encoder.encode(body) : (body ?? new Uint8Array());
  return bytes.byteLength > limits.maxBodyBytes ? { kind: 'too-large' } : { kind: 'body', bytes };
}

const tooLarge = `The body must be at most ${limits.maxBodyBytes} bytes`;

/** The refusal the headers decide before a byte of the body is read (size, coding, media type), if any. */
export function refusedByHeaders(
  request: PlainRequest,
  headers: Record<string, string>,
): PlainResponse | null {
  if (Number(request.headers['content-length']) > limits.maxBodyBytes)
    return problemResponse('payload-too-large', tooLarge, headers);
  if (!isUncoded(request.headers['content-encoding'])) {
    // RFC 9110 §12.5.3 (RFC 7694): Accept-Encoding tells a coding problem from a media type one.
    return problemResponse('unsupported-content-encoding', 'Send the body without a Content-Encoding', {
      ...headers,
      'accept-encoding': 'identity',
    });
  }
  if (!isJsonMediaType(request.headers['content-type'])) {
    return problemResponse('unsupported-media-type', 'Send the body as Content-Type: application/json', {
      ...headers,
      'accept-post': 'application/json',
    });
  }
  return null;
}

/** The refusal of a body that could not be read whole (too large, broken, too slow, coded). */
export function refusedRead(
  read: Exclude<BodyRead, { kind: 'body' }>,
  headers: Record<string, string>,
): PlainResponse {
  if (read.kind === 'too-large') return problemResponse('payload-too-large', tooLarge, headers);
  if (read.kind === 'malformed') return problemResponse('invalid-request', read.reason, headers);
  if (read.kind === 'unsupported-coding') {
    const detail = `Transfer-Encoding: ${read.coding} is not supported; send the body with Content-Length, or chunked alone`;
    return problemResponse('transfer-coding-not-implemented', detail, headers);
  }
  return problemResponse('request-timeout', `Send the body within ${read.afterMs / 1000} s`, headers);
}

/** The 400 for a body that is not UTF-8 I-JSON, naming where (./parse-body.ts). */
export function malformedBody(
  parsed: Extract<ParsedBody, { kind: 'problem' }>,
  headers: Record<string, string>,
): PlainResponse {
  return problemResponse('malformed-json', parsed.detail, headers, [
    { pointer: parsed.pointer, code: parsed.code, detail: parsed.detail },
  ]);
}
