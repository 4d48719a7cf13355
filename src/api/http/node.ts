// node:http adapter, for the production server and the dev server: plain data in and out. The body
// is read only if the contract asks for it (after the credential and every check the headers
// decide), streamed with the 64 KiB cap and a deadline; a connection whose body was left unread is
// closed after the answer, so nobody holds the server by sending slowly.
import { acceptedCoding } from './accept-encoding.ts';
import { compressAboveLength, compressedText } from './large-answers.ts';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { limits } from '../orders/contract.ts';
import type { OrdersDeps } from '../orders/deps.ts';
import { isPending } from '../orders/maybe-promise.ts';
import { handleOrders } from '../orders/handler.ts';
import type { BodyRead, BodyReader, PlainRequest, PlainResponse } from '../orders/plain.ts';

/** How long a client may take to send its body once asked for it, in milliseconds. */
export const bodyTimeoutMs = 10_000;

/** Requests whose body node's parser could not frame (see endBrokenBody). */
const brokenBodies = new WeakSet<IncomingMessage>();

/** Whether the request's body framing broke (endBrokenBody): its connection cannot carry another. */
export function hasBrokenBody(req: IncomingMessage): boolean {
  return brokenBodies.has(req);
}

/**
 * Ends the body of a request whose framing broke after its headers (a bad chunk size: node's
 * 'clientError'), so its reader answers 400 at once instead of waiting for bytes that never come.
 */
export function endBrokenBody(req: IncomingMessage): void {
  brokenBodies.add(req);
  // Left incomplete, node would take the early end for an abort and destroy the socket before the
  // answer is written.
  req.complete = true;
  req.push(null);
}

/**
 * Reads a request body up to `max` bytes, without reading past it, within `timeoutMs`. A body that
 * has wholly arrived (the common small one, in the packet of its headers) is taken from the
 * stream's buffer, with no listener or timer: at once, or after the parser's run that found the
 * headers has pushed it.
 */
export function readBody(
  req: IncomingMessage,
  max = limits.maxBodyBytes,
  timeoutMs = bodyTimeoutMs,
): BodyRead | Promise<BodyRead> {
  if (Number(req.headers['content-length']) > max) return { kind: 'too-large' };
  // RFC 9112 §6.1: node frames `gzip, chunked` by its chunks and would hand over gzip bytes.
  const coding = req.headers['transfer-encoding'];
  if (coding !== undefined && !/^\s*chunked\s*$/i.test(coding)) return { kind: 'unsupported-coding', coding };
  const arrived = arrivedBody(req, max);
  if (arrived !== null) return arrived;
  // Asked for from the 'request' event, a small body is usually in the chunk node's parser is still
  // running through: buffered, its message complete, once that run ends, before any microtask.
  return Promise.resolve().then(() => arrivedBody(req, max) ?? streamedBody(req, max, timeoutMs));
}

/** Reads a body as it comes, up to `max` bytes, within `timeoutMs`. */
function streamedBody(req: IncomingMessage, max: number, timeoutMs: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (read: BodyRead) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > max) {
        req.pause();
        finish({ kind: 'too-large' });
      } else chunks.push(chunk);
    };
    // A body cut by a framing error (endBrokenBody) is refused: never act on the part that arrived.
    const onEnd = () =>
      finish(
        brokenBodies.has(req)
          ? {
              kind: 'malformed',
              reason: 'The request body is not valid HTTP/1.1 (its chunked framing broke)',
            }
          : { kind: 'body', bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks) },
      );
    // A client that went away mid-body gets the same answer as a slow one; nobody will read it.
    const onError = () => finish({ kind: 'timed-out', afterMs: timeoutMs });
    const timer = setTimeout(() => finish({ kind: 'timed-out', afterMs: timeoutMs }), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * The body of a request whose whole message has arrived and waits unread in the stream's buffer,
 * or null to read it as it comes. It has arrived once node marks the message complete, or, framed
 * by Content-Length, once that many bytes wait (node marks it complete a callback later, after
 * the handler has usually asked). One `read()` returns all that is buffered.
 */
function arrivedBody(req: IncomingMessage, max: number): BodyRead | null {
  const waiting = req.readableLength;
  if (waiting === 0 || waiting > max || req.readableFlowing === true || brokenBodies.has(req)) return null;
  const framed = req.headers['transfer-encoding'] === undefined && req.headers['content-length'];
  if (!req.complete && !(framed && waiting === Number(framed))) return null;
  const bytes = req.read() as Buffer | null;
  return bytes === null ? null : { kind: 'body', bytes };
}

/**
 * Writes a plain response; `close` ends the connection after it. Every answer the server sends
 * passes here (the contract's, the server's own 405/417/parse errors, health), so a request log
 * or a header for every response belongs here. For HEAD, node sends the headers only.
 */
export function writePlain(res: ServerResponse, response: PlainResponse, close = false): void {
  const coded =
    response.body.length >= compressAboveLength && response.status === 200
      ? codedLarge(res, response.body)
      : null;
  const headers: Record<string, string> = {
    ...response.headers,
    ...coded?.headers,
    'content-length': String(coded ? coded.bytes.length : Buffer.byteLength(response.body)),
  };
  if (close) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(coded ? coded.bytes : response.body);
}

/** A large answer's bytes and coding headers (./large-answers.ts): compressed if the request accepts it. */
function codedLarge(res: ServerResponse, text: string): { bytes: Buffer; headers: Record<string, string> } {
  const request = res.req as IncomingMessage | undefined;
  const coding = acceptedCoding(request?.headers['accept-encoding']);
  if (coding === 'identity') return { bytes: Buffer.from(text), headers: { vary: 'Accept-Encoding' } };
  return {
    bytes: compressedText(text, coding),
    headers: { vary: 'Accept-Encoding', 'content-encoding': coding },
  };
}

/**
 * Request headers with one string per name. node:http already joins repeated headers, except
 * set-cookie (an array), so the common request's headers object is used as it is.
 */
function plainHeaders(headers: IncomingHttpHeaders): PlainRequest['headers'] {
  if (headers['set-cookie'] === undefined) return headers as PlainRequest['headers'];
  const plain: PlainRequest['headers'] = {};
  for (const [name, value] of Object.entries(headers))
    plain[name] = Array.isArray(value) ? value.join(', ') : value;
  return plain;
}

/** How the node adapter reads bodies. */
export interface NodeApiOptions {
  /** Deadline for a body once the contract asks for it; default bodyTimeoutMs. */
  bodyTimeoutMs?: number;
  /** The client sent `Expect: 100-continue`: say 100 Continue only when the body is wanted. */
  expectsContinue?: boolean;
}

/** Whether a request announces a body (RFC 9112 §6.3: Transfer-Encoding, or a Content-Length above 0). */
export function announcesBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/** Answers one API request on node:http; resolves with the answer once it is handed to the socket. */
export async function handleNodeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: OrdersDeps,
  options: NodeApiOptions = {},
): Promise<PlainResponse> {
  let wasRead = false;
  const reader: BodyReader = () => {
    if (options.expectsContinue) res.writeContinue();
    const body = readBody(req, limits.maxBodyBytes, options.bodyTimeoutMs ?? bodyTimeoutMs);
    const noted = (read: BodyRead) => {
      wasRead = read.kind === 'body';
      return read;
    };
    return isPending(body) ? body.then(noted) : noted(body);
  };
  const hasBody = announcesBody(req.headers);
  const plain: PlainRequest = {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers: plainHeaders(req.headers),
    body: hasBody ? reader : null,
  };
  const response = await handleOrders(plain, deps);
  // A body that is still arriving and was not read is refused: close rather than wait for it. So is
  // one whose framing broke: the connection cannot carry another request.
  writePlain(res, response, hasBody && ((!wasRead && !req.complete) || brokenBodies.has(req)));
  return response;
}
