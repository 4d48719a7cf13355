// A key's live status as JSON, for the try-it panel: it asks only once it knows a live API runs,
// so a static deployment (where this route does not exist) is never asked. Always rendered per
// request (src/node/render-mode.ts); reads through liveKeyLifecycle() like the key pages.
import type { APIRoute } from 'astro';
import { liveKeyLifecycle } from '../../../../../live/key-lifecycle.ts';
import { keyStatusPatches } from '../../../../../live/key-status-patch.ts';
import { problemResponse, withRequestId } from '../../../../../api/orders/respond.ts';

/** A 404 problem, as the API writes it, with the request id the server gave this request. */
function notFound(request: Request, detail: string): Response {
  const answer = problemResponse('not-found', detail);
  const requestId = request.headers.get('request-id');
  const { status, headers, body } = requestId ? withRequestId(answer, requestId) : answer;
  return new Response(body, { status, headers });
}

/** `{ "<key id>": { status, text, tone, icon, title } }`, or a 404 problem naming `key_id`. */
export const GET: APIRoute = async ({ params, request }) => {
  const keyId = params.key_id ?? '';
  if (!/^key_[A-Za-z0-9_]{1,64}$/.test(keyId))
    return notFound(request, `key_id: no key ${keyId.slice(0, 80)}`);
  const lifecycle = await liveKeyLifecycle(keyId);
  if (lifecycle === null) return notFound(request, 'No live API here: the console runs without its server');
  if (lifecycle === undefined) return notFound(request, `key_id: no key ${keyId}`);
  return new Response(JSON.stringify(keyStatusPatches([lifecycle])), {
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
