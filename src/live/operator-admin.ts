// Managing operators from the console: the server installs an implementation (over the same
// functions `npm run operators` uses, server/operators/admin.ts) and the Operators page calls it.
// Handed over through a global, as the live source is, because pages never import server/.
import type { OperatorView } from '../operators/operator.ts';
import type { ConsoleActor } from './console-actor.ts';

/** An operator as the console shows it (never the token's hash). */
export type OperatorRow = OperatorView;

/** An operator just added or given a new token: the token is shown this once. */
export interface IssuedOperatorRow {
  operator: OperatorRow;
  token: string;
}

/** Who asks for a change on the Operators page, and where from: what its audit entry records. */
export interface OperatorChangeRequest {
  actor: ConsoleActor;
  /** The page request's Request-Id. */
  requestId: string | null;
  sourceAddress: string | null;
  userAgent: string | null;
}

/**
 * What the Operators page may do; each change is in the audit trail, naming `by`, and each refusal
 * throws an Error named 'OperatorRefusal'.
 */
export interface OperatorAdmin {
  list(): Promise<OperatorRow[]>;
  add(name: string, role: string, by: OperatorChangeRequest): Promise<IssuedOperatorRow>;
  changeRole(operatorId: string, role: string, by: OperatorChangeRequest): Promise<OperatorRow>;
  reissueToken(operatorId: string, by: OperatorChangeRequest): Promise<IssuedOperatorRow>;
  remove(operatorId: string, by: OperatorChangeRequest): Promise<OperatorRow>;
}

const slot = Symbol.for('estate-console.operator-admin');

/** Hands the console the operators' directory (the server, at start; tests). */
export function installOperatorAdmin(admin: OperatorAdmin | null): void {
  (globalThis as Record<symbol, unknown>)[slot] = admin;
}

/** The operators' directory, or null when the console runs without the server (build, `astro dev`). */
export function operatorAdmin(): OperatorAdmin | null {
  return ((globalThis as Record<symbol, unknown>)[slot] as OperatorAdmin | undefined) ?? null;
}
