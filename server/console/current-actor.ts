// Carries the gate's verdict into the console's rendering: the gate runs the Astro handler inside
// an AsyncLocalStorage scope holding the actor, and the console reads it back through the lookup
// installed here (src/live/console-actor.ts, which pages import; pages never import server/).
import { AsyncLocalStorage } from 'node:async_hooks';
import { installActorLookup, type ConsoleActor } from '../../src/live/console-actor.ts';

const scope = new AsyncLocalStorage<ConsoleActor>();
installActorLookup(() => scope.getStore() ?? null);

/** Runs `render` (and everything it awaits) as `actor`. */
export function runAs<T>(actor: ConsoleActor, render: () => T): T {
  return scope.run(actor, render);
}

/** The actor of the request being handled, inside runAs; null outside it. */
export function currentActor(): ConsoleActor | null {
  return scope.getStore() ?? null;
}
