// Fetch adapter: a Fetch Request to plain data and plain data to a Fetch Response. Used by the
// Astro endpoints and by the MSW handlers. Reads at most limits.maxBodyBytes + 1 bytes of a body.
import { limits } from '../orders/contract.ts';
import type { OrdersDeps } from '../orders/deps.ts';
import { handleOrders } from '../orders/handler.ts';
import type { PlainRequest, PlainResponse } from '../orders/plain.ts';

/**
 * Reads a body stream up to `max` bytes; `tooLarge` when it holds more (the rest is not read).
 * Cancels are not awaited: under MSW in node a cancelled request stream never settles.
 */
async function readCapped(
  request: Request,
  max: number,
): Promise<{ body: Uint8Array | null; tooLarge: boolean }> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > max) {
    request.body?.cancel().catch(() => undefined);
    return { body: null, tooLarge: true };
  }
  if (!request.body) return { body: null, tooLarge: false };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      reader.cancel().catch(() => undefined);
      return { body: null, tooLarge: true };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, tooLarge: false };
}

/** A Fetch Request as plain data. */
export async function toPlainRequest(request: Request): Promise<PlainRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const { body, tooLarge } = hasBody
    ? await readCapped(request, limits.maxBodyBytes)
    : { body: null, tooLarge: false };
  return { method: request.method, path: url.pathname + url.search, headers, body, bodyTooLarge: tooLarge };
}

/** Plain data as a Fetch Response. */
export function toFetchResponse(response: PlainResponse): Response {
  return new Response(response.body, { status: response.status, headers: response.headers });
}

/** A Fetch handler for the Orders API over deps (or a promise of them). */
export function ordersFetchHandler(
  deps: () => OrdersDeps | Promise<OrdersDeps>,
): (request: Request) => Promise<Response> {
  return async (request) => toFetchResponse(await handleOrders(await toPlainRequest(request), await deps()));
}
