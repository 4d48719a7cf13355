// The Orders API behind the Astro endpoints (dev server, other adapters): the same deps as the
// production server (workspace read-only, journal, issued keys), created once on first use.
// The production server answers /v2 itself on its fast path, so it never loads this.
import { ordersFetchHandler } from '../../api/http/fetch.ts';
import { loadApiRuntime, type ApiRuntime } from '../../../server/api-deps.ts';

let runtime: Promise<ApiRuntime> | undefined;

/** Answers a /v2 request through the Fetch adapter. */
export const answer = ordersFetchHandler(async () => (await (runtime ??= loadApiRuntime())).deps);
