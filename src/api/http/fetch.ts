// Fetch adapter: a Fetch Request to plain data and plain data to a Fetch Response. Used by the MSW
// handlers. The body is read only if the contract asks for it, and never past limits.maxBodyBytes.
import { limits } from '../orders/contract.ts';
import type { OrdersDeps } from '../orders/deps.ts';
import { handleOrders } from '../orders/handler.ts';
import type { BodyRead, PlainRequest, PlainResponse } from '../orders/plain.ts';
import type { AnsweredRequest } from '../request-record.ts';

/**
 * Reads a body stream up to `max` bytes; too large when it holds more (the rest is not read).
 * Cancels are not awaited: under MSW in node a cancelled request stream never settles.
 */
async function readCapped(request: Request, max: number): Promise<BodyRead> {
  if (!request.body) return { kind: 'body', bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      reader.cancel().catch(() => undefined);
      return { kind: 'too-large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'body', bytes };
}

/** A Fetch Request as plain data; its body stays unread until the handler asks for it. */
export function toPlainRequest(request: Request): PlainRequest {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.body === null ? null : () => readCapped(request, limits.maxBodyBytes);
  return { method: request.method, path: url.pathname + url.search, headers, body };
}

/** Plain data as a Fetch Response; no body for HEAD, with the length GET would have. */
export function toFetchResponse(response: PlainResponse, method = 'GET'): Response {
  if (method.toUpperCase() !== 'HEAD') {
    return new Response(response.body, { status: response.status, headers: response.headers });
  }
  const length = String(new TextEncoder().encode(response.body).byteLength);
  return new Response(null, {
    status: response.status,
    headers: { ...response.headers, 'content-length': length },
  });
}

/**
 * A Fetch handler for the Orders API over deps (or a promise of them); `onAnswer` hears of every
 * answer (the mocks' request log).
 */
export function ordersFetchHandler(
  deps: () => OrdersDeps | Promise<OrdersDeps>,
  onAnswer?: (answer: AnsweredRequest) => void,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const started = performance.now();
    const unread = request.body;
    const plain = toPlainRequest(request);
    const answer = await handleOrders(plain, await deps());
    const response = toFetchResponse(answer, request.method);
    // A body the contract refused before reading it is let go, not left waiting.
    if (unread && !request.bodyUsed) unread.cancel().catch(() => undefined);
    onAnswer?.({
      method: plain.method,
      target: plain.path,
      userAgent: plain.headers['user-agent'],
      response: answer,
      timeMs: Date.now(),
      latencyMs: performance.now() - started,
    });
    return response;
  };
}
