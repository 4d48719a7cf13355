// What the console's middleware puts in Astro.locals (src/middleware.ts).
declare namespace App {
  interface Locals {
    /** Who the server's gate let in; null at build time and under `astro dev`. */
    actor: import('./live/console-actor.ts').ConsoleActor | null;
  }
}
