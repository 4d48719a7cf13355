// Hands every page and endpoint the request's actor as `Astro.locals.actor`: who the server's gate
// let in (an operator, the CONSOLE_TOKEN admin or the open demo's visitor; src/live/console-actor.ts),
// or null at build time and under `astro dev`, where no gate stands in front.
import { defineMiddleware } from 'astro:middleware';
import { consoleActor } from './live/console-actor.ts';

/** Sets `locals.actor` before the page renders. */
export const onRequest = defineMiddleware((context, next) => {
  context.locals.actor = consoleActor();
  return next();
});
