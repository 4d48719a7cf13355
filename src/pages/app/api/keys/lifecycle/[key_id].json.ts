// A key's live status as JSON, for the try-it panel: it asks only once it knows a live API runs,
// so a static deployment (where this route does not exist) is never asked. Always rendered per
// request (src/node/render-mode.ts); reads through liveKeyLifecycle() like the key pages.
import type { APIRoute } from 'astro';
import { liveKeyLifecycle } from '../../../../../live/key-lifecycle.ts';
import { keyStatusPatches } from '../../../../../live/key-status-patch.ts';

const problem = (status: number, title: string, detail: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title, status, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
  });

/** `{ "<key id>": { status, text, tone, icon, title } }`, or a 404 problem naming `key_id`. */
export const GET: APIRoute = async ({ params }) => {
  const keyId = params.key_id ?? '';
  if (!/^key_[A-Za-z0-9_]{1,64}$/.test(keyId))
    return problem(404, 'Not Found', `key_id: no key ${keyId.slice(0, 80)}`);
  const lifecycle = await liveKeyLifecycle(keyId);
  if (lifecycle === null)
    return problem(404, 'Not Found', 'No live API here: the console runs without its server');
  if (lifecycle === undefined) return problem(404, 'Not Found', `key_id: no key ${keyId}`);
  return new Response(JSON.stringify(keyStatusPatches([lifecycle])), {
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
