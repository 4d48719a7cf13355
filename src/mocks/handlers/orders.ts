// Thin MSW handlers: every /v2 request, however its path is spelt, goes through the Fetch adapter to
// the same contract core (which serves only the canonical spelling, as the server does).
import { http, type HttpHandler } from 'msw';
import { ordersFetchHandler } from '../../api/http/fetch.ts';
import { apiVersionOf } from '../../api/orders/paths.ts';
import type { MockApi } from '../mock-api.ts';

/** Handlers for `${baseUrl}/v2/…` (default: any origin) answered by `api`. */
export function createOrdersHandlers(api: MockApi, baseUrl = '*'): HttpHandler[] {
  const answer = ordersFetchHandler(
    () => api.deps(),
    (answered) => api.recordAnswer(answered),
  );
  const isOurs = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const rest =
      baseUrl === '*' ? url.pathname : url.href.startsWith(baseUrl) ? url.href.slice(baseUrl.length) : '';
    return apiVersionOf(rest) === 'v2';
  };
  return [http.all(isOurs, ({ request }) => answer(request))];
}
