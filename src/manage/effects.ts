// What a change does, as data: the effects one journal line (or one Postgres transaction) carries
// beside its audit entry. Key effects are the issued-keys file's own lines (issued, revoked,
// rotated), so every reader of that file keeps working; the rest are the management API's own and
// the console's operators'.
import { z } from 'zod';
import { issuedKeysLineSchema } from '../lib/issued-keys.ts';
import { operatorChangeSchema } from '../operators/operator.ts';
import { manageScopes } from './contract.ts';

const instant = z.iso.datetime({ offset: true });
const hash = z.string().regex(/^[0-9a-f]{64}$/);
const id = z.string().min(1).max(120);

/** The fields an update may change. */
export const keyChangesSchema = z.strictObject({
  name: z.string().optional(),
  rpm_budget: z.number().int().positive().optional(),
  /** null: back to the plan's quota (a demo reset of a key simulated without its own). */
  quota_orders_per_month: z.number().int().positive().nullable().optional(),
  scopes: z.array(z.string()).optional(),
  expires_at: instant.nullable().optional(),
});

const effectSchemas = [
  z.object({
    event: z.literal('updated'),
    key_id: id,
    key_hash_sha256: hash,
    updated_at: instant,
    changes: keyChangesSchema,
  }),
  z.object({
    event: z.literal('route_deprecated'),
    route_id: id,
    deprecated_at: instant,
    sunset_at: instant,
    successor_route_id: id.nullable(),
  }),
  z.object({ event: z.literal('route_restored'), route_id: id, restored_at: instant }),
  /** A demo reset: the route as the workspace simulated it, its own headers standing again. */
  z.object({ event: z.literal('route_reset'), route_id: id, reset_at: instant }),
  z.object({
    event: z.literal('consumer_changed'),
    consumer_id: id,
    plan: z.string().optional(),
    quota_requests_per_period: z.number().int().positive().optional(),
  }),
  z.object({
    event: z.literal('management_key_created'),
    mk_id: id,
    name: z.string(),
    scopes: z.array(z.enum(manageScopes)),
    key_hash_sha256: hash,
    key_last4: z.string(),
    created_at: instant,
  }),
  z.object({ event: z.literal('management_key_revoked'), mk_id: id, revoked_at: instant }),
  /** A change to the console's operators (src/operators/operator.ts). */
  z.object({ event: z.literal('operator'), change: operatorChangeSchema }),
] as const;

/** One effect of a change. */
export const effectSchema = z.union([issuedKeysLineSchema, ...effectSchemas]);

/** One effect of a change. */
export type Effect = z.infer<typeof effectSchema>;
/** A key's fields an update changed. */
export type KeyChanges = z.infer<typeof keyChangesSchema>;
