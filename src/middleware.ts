// Hands every page and endpoint the request's actor as `Astro.locals.actor`: who the server's gate
// let in (an operator, the CONSOLE_TOKEN admin or the open demo's visitor; src/live/console-actor.ts),
// or null at build time and under `astro dev`, where no gate stands in front.
// Typed through the `astro` package rather than `astro:middleware`, whose types exist only after
// `astro sync`: lint runs on a fresh clone before any sync.
import type { MiddlewareHandler } from 'astro';
import { consoleActor } from './live/console-actor.ts';

/** Sets `locals.actor` before the page renders. */
export const onRequest: MiddlewareHandler = (context, next) => {
  context.locals.actor = consoleActor();
  return next();
};
