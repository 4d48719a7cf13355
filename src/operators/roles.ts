// Operators' roles and what each may do (docs/operators.md). Pure and browser-safe, so a page can
// hide a button the server would refuse, and the server, the CLI and the management API ask the
// same question.

/** Every role, least to most allowed. */
export const roles = ['viewer', 'operator', 'admin'] as const;

/** A console operator's role. */
export type Role = (typeof roles)[number];

/** The stages a change can target. */
export type Stage = 'sandbox' | 'staging' | 'production';

/** Whether `value` names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/**
 * What a role may do: a viewer reads; an operator also changes sandbox and staging; an admin also
 * changes production and manages operators.
 */
export function mayChange(role: Role, stage: Stage): boolean {
  if (role === 'admin') return true;
  return role === 'operator' && stage !== 'production';
}

/** Whether a role may add, remove or change operators. */
export function mayManageOperators(role: Role): boolean {
  return role === 'admin';
}
