// Who is using the console in the request being rendered: an operator signed in with their own
// token, the CONSOLE_TOKEN admin, or the open demo's visitor. The server's gate decides it (before
// Astro sees the request) and hands it over through a global, as the live source does, because the
// console's build bundles its own copy of src/. Pages read it from `Astro.locals.actor` (set by
// src/middleware.ts) or call `consoleActor()`; it is null at build time and under `astro dev`.
import type { Role } from '../operators/roles.ts';

/** Who acts: compatible with the management API's Actor (type, id, name), plus the role. */
export interface ConsoleActor {
  type: 'operator' | 'console_token' | 'demo_visitor';
  /** `op_…` for an operator; `console_token` or `demo_visitor` for the other two. */
  id: string;
  name: string;
  role: Role;
}

/** The actor of the open demo (no CONSOLE_TOKEN, no operators): it may do anything locally. */
export const demoVisitor: ConsoleActor = Object.freeze({
  type: 'demo_visitor',
  id: 'demo_visitor',
  name: 'demo visitor',
  role: 'admin',
});

/** The actor of a CONSOLE_TOKEN session or bearer: the single-admin shortcut. */
export const consoleTokenActor: ConsoleActor = Object.freeze({
  type: 'console_token',
  id: 'console_token',
  name: 'console token',
  role: 'admin',
});

const slot = Symbol.for('estate-console.console-actor');

/** Hands the console the way to learn the current request's actor (the server, at start; tests). */
export function installActorLookup(lookup: (() => ConsoleActor | null) | null): void {
  (globalThis as Record<symbol, unknown>)[slot] = lookup;
}

/** The actor of the request being rendered, or null when no server gate stands in front. */
export function consoleActor(): ConsoleActor | null {
  const lookup = (globalThis as Record<symbol, unknown>)[slot] as (() => ConsoleActor | null) | undefined;
  return lookup?.() ?? null;
}
