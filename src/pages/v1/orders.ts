// POST /v1/orders as an Astro endpoint (dev server, other adapters): the deprecated predecessor of
// /v2/orders, answered by the same contract plus Deprecation, Sunset and Link headers.
import type { APIRoute } from 'astro';
import { answer } from '../v2/_runtime.ts';
import { successorUrl, v1OrdersHeaders } from './_deprecated.ts';

export const prerender = false;

/** Every method, like /v2/orders: the contract answers 405 for anything but POST. */
export const ALL: APIRoute = async ({ request }) => {
  const deprecation = await v1OrdersHeaders();
  const url = new URL(request.url);
  // Not deprecated in this workspace: not served (the contract's 404 for an unknown path).
  if (!deprecation) return answer(new Request(url, { method: request.method, headers: request.headers }));
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    duplex: 'half',
  };
  const response = await answer(new Request(new URL(successorUrl(url.pathname + url.search), url), init));
  for (const [name, value] of Object.entries(deprecation)) response.headers.set(name, value);
  return response;
};
