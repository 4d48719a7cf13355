// The Orders API behind the Astro endpoints (dev server, other adapters): the same deps as the
// production server (workspace read-only, journal, issued keys), created once on first use.
// The production server answers /v2 itself on its fast path, so it never loads this.
import { ordersFetchHandler } from '../../api/http/fetch.ts';
import { loadApiRuntime, type ApiOptions, type ApiRuntime } from '../../../server/api-deps.ts';

let runtime: Promise<ApiRuntime> | undefined;
let options: ApiOptions = {};

/** Sets where the endpoints' API keeps its data (tests); call before the first request. */
export function configureEndpointApi(next: ApiOptions): void {
  if (runtime) throw new Error('the endpoint API has already started');
  options = next;
}

/** The endpoints' API runtime, started on first use. */
export function endpointApi(): Promise<ApiRuntime> {
  return (runtime ??= loadApiRuntime(options));
}

/** Answers a /v2 request through the Fetch adapter. */
export const answer = ordersFetchHandler(async () => (await endpointApi()).deps);
