// Managing operators, for the CLI (`npm run operators`) and the console's Operators page: add one
// (its sign-in token is shown once and only its hash is kept), list them, change a role, issue a
// new token, remove one. Input is checked here (zod), so every caller refuses the same things the
// same way, with an OperatorRefusal that says why; each change is in the audit trail, naming `by`.
import { hash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { randomId } from '../../src/api/orders/ids.ts';
import { typableText } from '../../src/api/orders/plain-text.ts';
import type { Operator } from '../../src/operators/operator.ts';
import { roles, type Role } from '../../src/operators/roles.ts';
import type { OperatorChangeBy, OperatorCheck, OperatorDirectory } from './directory.ts';

/** A request that cannot be done (unknown operator, name taken, bad role); its message says why. */
export class OperatorRefusal extends Error {
  override readonly name = 'OperatorRefusal';
}

/**
 * An operator's name: 1–64 characters, unique (case-insensitively), and nothing unseen: no control
 * characters (C0, DEL and C1 alike), unpaired surrogates or invisible characters (zero-width
 * spaces, bidirectional overrides: the rule API key names follow), so that no name passes for
 * another one in the audit trail with something unseen added. Letters of other scripts that look
 * like Latin ones stay allowed: real names use them.
 */
export const operatorNameSchema = z
  .string()
  .trim()
  .min(1, 'a name is needed')
  .max(64, 'a name is at most 64 characters')
  .regex(typableText.pattern, 'a name has no control characters or invisible characters');

/** A role, as given on a command line or in a form. */
export const roleSchema = z.enum(roles, { error: `a role is one of ${roles.join(', ')}` });

/** An operator just added or given a new token: the token is shown this once, never stored. */
export interface IssuedOperator {
  operator: Operator;
  token: string;
}

/** The prefix of an operator's sign-in token (so a leaked one is recognisable). */
export const operatorTokenPrefix = 'ecop_';

/** SHA-256 of a sign-in token, hex: what the directory keeps. */
export function tokenHash(token: string): string {
  return hash('sha256', token, 'hex');
}

function newToken(): string {
  return operatorTokenPrefix + randomBytes(32).toString('base64url');
}

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new OperatorRefusal(parsed.error.issues[0]?.message ?? 'invalid input');
  return parsed.data;
}

/**
 * The operator an id (`op_…`), a name (any case) or a first name only one operator has names;
 * refuses when none does, and a first name several share (naming them).
 */
export async function findOperator(directory: OperatorDirectory, idOrName: string): Promise<Operator> {
  const wanted = idOrName.trim().toLowerCase();
  const operators = await directory.list();
  const found = operators.find(
    (op) => op.operator_id === idOrName.trim() || op.name.toLowerCase() === wanted,
  );
  if (found) return found;
  const byFirstName = operators.filter((op) => op.name.toLowerCase().split(/\s+/)[0] === wanted);
  if (byFirstName.length === 1) return byFirstName[0] as Operator;
  if (byFirstName.length > 1)
    throw new OperatorRefusal(
      `${JSON.stringify(idOrName)} names ${byFirstName.length} operators (${byFirstName.map((op) => op.name).join(', ')}): give the full name or the id`,
    );
  throw new OperatorRefusal(`no operator is named or numbered ${JSON.stringify(idOrName)}`);
}

/** Applies a change with its audit entry; a refusal (the check's, or a vanished operator) throws. */
async function applied(
  directory: OperatorDirectory,
  ...args: Parameters<OperatorDirectory['apply']>
): Promise<void> {
  const refused = await directory.apply(...args);
  if (refused !== null) throw new OperatorRefusal(refused);
}

/** When a change is made, and whether it may leave no admin. */
export interface ChangeOptions {
  /** Default: now. */
  now?: Date;
  /**
   * Remove or demote the last admin anyway (`npm run operators -- … --leave-no-admin`); the
   * console never does.
   */
  leaveNoAdmin?: boolean;
}

/** Adds an operator with a new sign-in token; refuses a name already taken. */
export async function addOperator(
  directory: OperatorDirectory,
  input: { name: unknown; role: unknown },
  by: OperatorChangeBy,
  { now = new Date() }: ChangeOptions = {},
): Promise<IssuedOperator> {
  const name = checked(operatorNameSchema, input.name);
  const role = checked(roleSchema, input.role);
  const token = newToken();
  const operator: Operator = {
    operator_id: randomId('op_', 16),
    name,
    role,
    token_hash_sha256: tokenHash(token),
    created_at: now.toISOString(),
  };
  const { created_at: at, ...rest } = operator;
  const nameFree: OperatorCheck = (operators) =>
    operators.some((op) => op.name.toLowerCase() === name.toLowerCase())
      ? `an operator named ${JSON.stringify(name)} exists already`
      : null;
  await applied(directory, { event: 'added', ...rest, at }, by, nameFree);
  return { operator, token };
}

/**
 * Refuses to remove or demote the last admin, unless asked to: with no admin, no one can manage
 * operators from the console, and once no operator is left the console is open to anyone who can
 * reach it, as an admin (unless CONSOLE_TOKEN is set). As Kong keeps its last super-admin.
 */
function keepAnAdmin(operator: Operator, options: ChangeOptions, removing: boolean): OperatorCheck {
  return (operators) => {
    const now = operators.find((op) => op.operator_id === operator.operator_id) ?? operator;
    if (now.role !== 'admin' || options.leaveNoAdmin) return null;
    if (operators.some((op) => op.role === 'admin' && op.operator_id !== operator.operator_id)) return null;
    const after =
      removing && operators.length === 1
        ? 'no operator would be left, and the console would be open to anyone who can reach it, as an admin (unless CONSOLE_TOKEN is set)'
        : 'no one could manage operators from the console';
    return (
      `${operator.name} is the last admin: ${after}. Make another operator admin first ` +
      '(or, on the server, npm run operators -- … --leave-no-admin)'
    );
  };
}

/**
 * Changes an operator's role (never the last admin's, unless asked); open sessions have it within
 * a second. The role they have already changes nothing and writes nothing.
 */
export async function changeRole(
  directory: OperatorDirectory,
  idOrName: string,
  role: unknown,
  by: OperatorChangeBy,
  options: ChangeOptions = {},
): Promise<Operator> {
  const newRole: Role = checked(roleSchema, role);
  const operator = await findOperator(directory, idOrName);
  if (newRole === operator.role) return operator;
  const at = (options.now ?? new Date()).toISOString();
  const change = { event: 'role_changed', operator_id: operator.operator_id, role: newRole, at } as const;
  await applied(
    directory,
    change,
    by,
    newRole === 'admin' ? undefined : keepAnAdmin(operator, options, false),
  );
  return { ...operator, role: newRole };
}

/** Gives an operator a new sign-in token; the old one stops working, and so do their sessions. */
export async function reissueToken(
  directory: OperatorDirectory,
  idOrName: string,
  by: OperatorChangeBy,
  { now = new Date() }: ChangeOptions = {},
): Promise<IssuedOperator> {
  const operator = await findOperator(directory, idOrName);
  const token = newToken();
  const token_hash_sha256 = tokenHash(token);
  const at = now.toISOString();
  await applied(
    directory,
    { event: 'token_reissued', operator_id: operator.operator_id, token_hash_sha256, at },
    by,
  );
  return { operator: { ...operator, token_hash_sha256 }, token };
}

/** Removes an operator (never the last admin, unless asked); their sessions are refused from their next request. */
export async function removeOperator(
  directory: OperatorDirectory,
  idOrName: string,
  by: OperatorChangeBy,
  options: ChangeOptions = {},
): Promise<Operator> {
  const operator = await findOperator(directory, idOrName);
  const at = (options.now ?? new Date()).toISOString();
  await applied(
    directory,
    { event: 'removed', operator_id: operator.operator_id, at },
    by,
    keepAnAdmin(operator, options, true),
  );
  return operator;
}

/** Every operator, oldest first. */
export function listOperators(directory: OperatorDirectory): Promise<Operator[]> {
  return directory.list();
}
