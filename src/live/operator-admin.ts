// Managing operators from the console: the server installs an implementation (over the same
// functions `npm run operators` uses, server/operators/admin.ts) and the Operators page calls it.
// Handed over through a global, as the live source is, because pages never import server/.
import type { Role } from '../operators/roles.ts';

/** An operator as the console shows it (never the token's hash). */
export interface OperatorRow {
  operator_id: string;
  name: string;
  role: Role;
  created_at: string;
}

/** An operator just added or given a new token: the token is shown this once. */
export interface IssuedOperatorRow {
  operator: OperatorRow;
  token: string;
}

/** What the Operators page may do; each refusal throws an Error named 'OperatorRefusal'. */
export interface OperatorAdmin {
  list(): Promise<OperatorRow[]>;
  add(name: string, role: string): Promise<IssuedOperatorRow>;
  changeRole(operatorId: string, role: string): Promise<OperatorRow>;
  reissueToken(operatorId: string): Promise<IssuedOperatorRow>;
  remove(operatorId: string): Promise<OperatorRow>;
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
