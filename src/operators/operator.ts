// An operator of the console and the changes made to them, as data: the management journal carries
// each change beside its audit entry (src/manage/effects.ts), and every store folds them alike. An
// operator signs in with a token of their own, kept only as its SHA-256 (as API keys are).
import { z } from 'zod';
import { roles, type Role } from './roles.ts';

/** An operator as stored: never the token, only its hash. */
export interface Operator {
  /** `op_…` */
  operator_id: string;
  /** Unique, as people read it (the audit trail's actor name). */
  name: string;
  role: Role;
  /** SHA-256 of the operator's sign-in token, hex. */
  token_hash_sha256: string;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** An operator as pages, the CLI and the audit trail show them: never the token's hash. */
export type OperatorView = Omit<Operator, 'token_hash_sha256'>;

/** An operator without the token's hash. */
export function operatorView({ token_hash_sha256: _hash, ...view }: Operator): OperatorView {
  return view;
}

/** One change to the operators (the `change` of a journal's `operator` effect). */
export const operatorChangeSchema = z.discriminatedUnion('event', [
  z.strictObject({
    event: z.literal('added'),
    operator_id: z.string().regex(/^op_[A-Za-z0-9]+$/),
    name: z.string().min(1),
    role: z.enum(roles),
    token_hash_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    at: z.iso.datetime(),
  }),
  z.strictObject({
    event: z.literal('role_changed'),
    operator_id: z.string(),
    role: z.enum(roles),
    at: z.iso.datetime(),
  }),
  z.strictObject({
    event: z.literal('token_reissued'),
    operator_id: z.string(),
    token_hash_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    at: z.iso.datetime(),
  }),
  z.strictObject({ event: z.literal('removed'), operator_id: z.string(), at: z.iso.datetime() }),
]);

/** One change to the operators. */
export type OperatorChange = z.infer<typeof operatorChangeSchema>;

/** Folds changes into operators by id. */
export class OperatorFold {
  /** The operators so far, by id, in the order they were added. */
  readonly byId = new Map<string, Operator>();
  private readonly byHash = new Map<string, string>();
  /** Whether any change was ever applied (operators from before the trail are adopted only then). */
  changed = false;

  /** Applies one change; a change naming an unknown operator changes nothing. */
  apply(change: OperatorChange): void {
    this.changed = true;
    const known = this.byId.get(change.operator_id);
    if (change.event === 'added') {
      const { event: _event, at, ...rest } = change;
      this.byId.set(change.operator_id, { ...rest, created_at: at });
      this.byHash.set(change.token_hash_sha256, change.operator_id);
      return;
    }
    if (!known) return;
    if (change.event === 'removed') {
      this.byId.delete(change.operator_id);
      this.byHash.delete(known.token_hash_sha256);
    } else if (change.event === 'role_changed') {
      this.byId.set(known.operator_id, { ...known, role: change.role });
    } else {
      this.byHash.delete(known.token_hash_sha256);
      this.byHash.set(change.token_hash_sha256, known.operator_id);
      this.byId.set(known.operator_id, { ...known, token_hash_sha256: change.token_hash_sha256 });
    }
  }

  /** The operator whose token hashes to `hashHex`. */
  byTokenHash(hashHex: string): Operator | undefined {
    const id = this.byHash.get(hashHex);
    return id === undefined ? undefined : this.byId.get(id);
  }
}
