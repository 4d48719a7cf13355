// Thin MSW handlers: every /v2 request goes through the Fetch adapter to the same contract core.
import { http, type HttpHandler } from 'msw';
import { ordersFetchHandler } from '../../api/http/fetch.ts';
import type { MockApi } from '../mock-api.ts';

/** Handlers for `${baseUrl}/v2/*` (default: any origin) answered by `api`. */
export function createOrdersHandlers(api: MockApi, baseUrl = '*'): HttpHandler[] {
  const answer = ordersFetchHandler(() => api.deps());
  return [http.all(`${baseUrl}/v2/*`, ({ request }) => answer(request))];
}
