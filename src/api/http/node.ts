// node:http adapter for the production server's /v2 fast path: streams the body with the 64 KiB
// cap (refuses by Content-Length without reading; stops reading once over), times out slow bodies.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { limits } from '../orders/contract.ts';
import type { OrdersDeps } from '../orders/deps.ts';
import { handleOrders } from '../orders/handler.ts';
import type { PlainRequest, PlainResponse } from '../orders/plain.ts';
import { problemResponse } from '../orders/respond.ts';

/** How long a client may take to send its body, in milliseconds. */
export const bodyTimeoutMs = 10_000;

type BodyRead = { body: Buffer | null; tooLarge: boolean; timedOut: boolean };

/** Reads a request body up to `max` bytes, without reading past it. */
export function readBody(
  req: IncomingMessage,
  max = limits.maxBodyBytes,
  timeoutMs = bodyTimeoutMs,
): Promise<BodyRead> {
  if (Number(req.headers['content-length'] ?? NaN) > max) {
    return Promise.resolve({ body: null, tooLarge: true, timedOut: false });
  }
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
        finish({ body: null, tooLarge: true, timedOut: false });
      } else chunks.push(chunk);
    };
    const onEnd = () =>
      finish({
        body: chunks.length === 1 ? (chunks[0] ?? null) : Buffer.concat(chunks),
        tooLarge: false,
        timedOut: false,
      });
    const onError = () => finish({ body: null, tooLarge: false, timedOut: true });
    const timer = setTimeout(() => finish({ body: null, tooLarge: false, timedOut: true }), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Writes a plain response; `close` ends the connection (a body was left unread). */
export function writePlain(res: ServerResponse, response: PlainResponse, close = false): void {
  const headers: Record<string, string> = {
    ...response.headers,
    'content-length': String(Buffer.byteLength(response.body)),
  };
  if (close) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
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

/** Answers one /v2 request on node:http. */
export async function handleNodeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: OrdersDeps,
): Promise<void> {
  const method = req.method ?? 'GET';
  const read: BodyRead =
    method === 'GET' || method === 'HEAD'
      ? { body: null, tooLarge: false, timedOut: false }
      : await readBody(req);
  if (read.timedOut) {
    writePlain(
      res,
      problemResponse('request-timeout', `Send the body within ${bodyTimeoutMs / 1000} s`),
      true,
    );
    return;
  }
  const plain: PlainRequest = {
    method,
    path: req.url ?? '/',
    headers: plainHeaders(req.headers),
    body: read.body,
    bodyTooLarge: read.tooLarge,
  };
  writePlain(res, await handleOrders(plain, deps), read.tooLarge);
}
