// Hands every page and endpoint the request's actor as `Astro.locals.actor`: who the server's gate
// let in (an operator, the CONSOLE_TOKEN admin or the open demo's visitor; src/live/console-actor.ts),
// or null at build time and under `astro dev`, where no gate stands in front. A page whose live
// reads find a shared store out (Postgres restarting) answers 503 problem+json with Retry-After, as
// the API does, not Astro's bare 500.
// Typed through the `astro` package rather than `astro:middleware`, whose types exist only after
// `astro sync`: lint runs on a fresh clone before any sync.
import type { MiddlewareHandler } from 'astro';
import { isStoreUnavailable } from './api/orders/deps.ts';
import { problemResponse, withRequestId } from './api/orders/respond.ts';
import { consoleActor } from './live/console-actor.ts';

/** Sets `locals.actor` before the page renders; a store that is out is a 503, not a 500. */
export const onRequest: MiddlewareHandler = async (context, next) => {
  context.locals.actor = consoleActor();
  try {
    return await next();
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    const retry = String(error.retryAfterSeconds);
    const answer = problemResponse(
      'service-unavailable',
      `This page reads live state from a store that is out for a moment; retry after ${retry} s`,
      { 'retry-after': retry },
    );
    const requestId = context.request.headers.get('request-id');
    const { status, headers, body } = requestId ? withRequestId(answer, requestId) : answer;
    return new Response(body, { status, headers });
  }
};
