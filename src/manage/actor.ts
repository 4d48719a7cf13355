// Who made a change: every audit entry names one actor. The management API fills it from the
// management key that authenticated the request; the CLI as `cli`; the console (issue 23) hands
// its operators, its single CONSOLE_TOKEN admin and the open demo's visitor through this type.
import { z } from 'zod';
import type { Stage } from '../operators/roles.ts';

/** The kinds of actor a change can come from. */
export const actorTypes = ['management_key', 'operator', 'cli', 'demo_visitor', 'console_token'] as const;

/** An actor as an audit entry stores it. */
export const actorSchema = z.strictObject({
  type: z.enum(actorTypes),
  id: z.string().min(1).max(100),
  name: z.string().max(200),
});

/** Who made a change: its kind, a stable id (`mk_…`, an operator id, `cli:<user>`) and a name. */
export type Actor = z.infer<typeof actorSchema>;

/** A kind of actor. */
export type ActorType = Actor['type'];

/**
 * An authenticated caller of the management module: who it is and what it may do (the scopes of
 * ./contract.ts `manageScopes`). The console builds one from a session; the API from an `mk_` key.
 */
export interface Principal {
  actor: Actor;
  scopes: readonly string[];
  /** The stages it may change (a console operator's role); undefined: its scopes alone decide. */
  stages?: readonly Stage[];
}
