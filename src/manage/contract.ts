// The management API's contract: scopes, bodies and query parameters as zod schemas, the single
// source for the handler, the CLI, the OpenAPI document and the tests. Imports no framework.
import { z } from 'zod';
import { endpoints } from '../../simulator/world/catalog.ts';
import { eventScopes } from '../api/orders/events/event-contract.ts';
import { typableText } from '../api/orders/plain-text.ts';
import { maxOverlapMs, overlapMs } from './overlap.ts';

/** What a management key (or an operator) may be allowed to do. */
export const manageScopes = [
  'keys:read',
  'keys:write',
  'routes:read',
  'routes:write',
  'consumers:read',
  'consumers:write',
  'audit:read',
  'management_keys:read',
  'management_keys:write',
] as const;

/** Every action an audit entry records: what GET /audit's `action` filter accepts. */
export const auditActionNames = [
  'key.issue',
  'key.update',
  'key.revoke',
  'key.roll',
  'key.restore',
  'route.deprecate',
  'route.restore',
  'consumer.update',
  'management_key.create',
  'management_key.revoke',
  'demo.reset',
  'operator.add',
  'operator.import',
  'operator.change_role',
  'operator.reissue_token',
  'operator.remove',
] as const;

/** An audit entry's action. */
export type AuditActionName = (typeof auditActionNames)[number];

/** A management scope. */
export type ManageScope = (typeof manageScopes)[number];

/**
 * Every scope an API key may hold: the scopes the workspace's routes need, and those of the live
 * API's events and webhooks routes (which the simulated surface publishes under orders scopes).
 */
export const apiKeyScopes = [
  ...new Set([...endpoints.map((e) => e.scope), ...Object.values(eventScopes)]),
].sort();

/** Where an API key may be used. */
export const environments = ['production', 'sandbox', 'staging'] as const;

/** Bounds the contract holds to. */
export const manageLimits = {
  /** The longest overlap of a roll: a rotation is meant to end (the CLI's and the rotate what-if's limit). */
  maxOverlapMs,
  maxNameLength: 100,
  maxBudget: 1_000_000_000,
  /** Audit entries per page. */
  defaultPageSize: 50,
  maxPageSize: 500,
} as const;

export { isoDurationPattern, overlapMs, overlapPresets } from './overlap.ts';

const name = z
  .string()
  .trim()
  .min(1)
  .max(manageLimits.maxNameLength)
  // Shown in the console and typed back to confirm a production change.
  .regex(typableText.pattern, typableText.message);
const budget = z.int().min(1).max(manageLimits.maxBudget);
/** Some of `scopes`, each at most once. */
const scopeList = <T extends readonly [string, ...string[]]>(scopes: T) =>
  z
    .array(z.enum(scopes))
    .min(1)
    .max(scopes.length)
    .refine((list) => new Set(list).size === list.length, 'must not repeat a scope');
const apiScopes = scopeList(apiKeyScopes as [string, ...string[]]);
const instant = z.iso.datetime({ offset: true });
/** A date (its midnight UTC, as the console sends it) or a date-time: a sunset, a time filter. */
const day = z.union([z.iso.date(), instant], {
  error: 'must be a date (YYYY-MM-DD) or a date-time with an offset (2026-11-27T09:30:00Z)',
});
/** Run the change as a dry run: nothing changes; the answer is its preview and a preview token. */
const dryRun = z.boolean().optional().describe('Preview only: nothing changes');
/** The token a dry run of exactly this change returned; applying a change needs it. */
const previewToken = z.string().min(1).max(300).optional().describe('From the dry run of this change');
const run = { dry_run: dryRun, preview_token: previewToken };

/** POST /keys: issue a key (its value is in the answer once). */
export const issueKeySchema = z.strictObject({
  name,
  environment: z.enum(environments).default('sandbox'),
  plan: z.string().min(1).max(50).default('Sandbox'),
  rpm_budget: budget.optional().describe("Default: the plan's"),
  quota_orders_per_month: budget.optional().describe("Default: the plan's"),
  scopes: apiScopes.default(['orders:write', 'orders:read']),
  expires_at: instant.nullable().default(null),
  ...run,
});

/** PATCH /keys/{id}: change what a key may do; at least one field. */
export const updateKeySchema = z
  .strictObject({
    name: name.optional(),
    rpm_budget: budget.optional(),
    quota_orders_per_month: budget.optional(),
    scopes: apiScopes.optional(),
    expires_at: instant.nullable().optional(),
    ...run,
  })
  .refine(
    (body) => ['name', 'rpm_budget', 'quota_orders_per_month', 'scopes', 'expires_at'].some((f) => f in body),
    'must change at least one of name, rpm_budget, quota_orders_per_month, scopes, expires_at',
  );

/** POST /keys/{id}/revoke and POST /routes/{id}/restore: nothing but the run. */
export const runOnlySchema = z.strictObject(run);

/** POST /keys/{id}/roll: a replacement now, the old key working until the overlap ends. */
export const rollKeySchema = z.strictObject({
  overlap: z
    .string()
    .max(40)
    .refine(
      (text) => overlapMs(text) !== null,
      'must be now, 1h, 24h, 7d, 30d or an ISO 8601 duration (P3D, PT12H)',
    )
    .refine((text) => (overlapMs(text) ?? 0) <= manageLimits.maxOverlapMs, 'must be at most 90 days')
    .default('24h'),
  ...run,
});

/** POST /routes/{id}/deprecate: callers get Deprecation, Sunset and Link from now on. */
export const deprecateRouteSchema = z.strictObject({
  sunset_at: day.describe('When the route stops being served (date or date-time, UTC)'),
  successor_route_id: z.string().min(1).max(100).nullable().default(null),
  ...run,
});

/** PATCH /consumers/{id}: its plan or its quota; at least one. */
export const changeConsumerSchema = z
  .strictObject({
    plan: z.string().min(1).max(50).optional(),
    quota_requests_per_period: budget.optional(),
    ...run,
  })
  .refine(
    (body) => 'plan' in body || 'quota_requests_per_period' in body,
    'must change plan or quota_requests_per_period',
  );

/** POST /management-keys: a management key with these scopes (at most the caller's own). */
export const createManagementKeySchema = z.strictObject({
  name,
  scopes: scopeList(manageScopes),
  ...run,
});

/** The query of every other read: none (lists answer whole; a parameter is refused, not ignored). */
export const noQuerySchema = z.strictObject({});

/** GET /audit's query: filters and a cursor (the `next_cursor` of the previous page). */
export const auditQuerySchema = z
  .strictObject({
    actor: z.string().min(1).max(100).optional().describe("The actor's id"),
    actor_type: z.enum(['management_key', 'operator', 'cli', 'demo_visitor', 'console_token']).optional(),
    action: z.enum(auditActionNames, { error: `must be one of ${auditActionNames.join(', ')}` }).optional(),
    target: z.string().min(1).max(120).optional().describe('A target id (key_…, rt_…, con_…, mk_…)'),
    since: day.optional().describe('Entries at or after: a date (its midnight UTC) or a date-time'),
    until: day.optional().describe('Entries before: a date (its midnight UTC) or a date-time'),
    // Digits only, as the Orders API's lists take it: not "+5", "5e1", "0x10" or " 5".
    limit: z
      .string()
      .regex(/^\d{1,3}$/, `must be an integer from 1 to ${manageLimits.maxPageSize}`)
      .default(String(manageLimits.defaultPageSize))
      .transform(Number)
      .pipe(z.number().int().min(1).max(manageLimits.maxPageSize)),
    cursor: z
      .string()
      .regex(/^\d{1,12}$/, 'must be a next_cursor this API returned')
      .optional(),
    ending_before: z
      .string()
      .regex(/^\d{1,12}$/, 'must be a previous_cursor this API returned')
      .optional()
      .describe('The page of newer entries: a previous_cursor this API returned'),
  })
  .refine((query) => query.cursor === undefined || query.ending_before === undefined, {
    message: 'cannot be given with cursor: ask for older entries or newer ones, not both',
    path: ['ending_before'],
  });

/** Issue body. */
export type IssueKey = z.infer<typeof issueKeySchema>;
/** Update body. */
export type UpdateKey = z.infer<typeof updateKeySchema>;
/** Roll body. */
export type RollKey = z.infer<typeof rollKeySchema>;
/** Deprecate body. */
export type DeprecateRoute = z.infer<typeof deprecateRouteSchema>;
/** Consumer change body. */
export type ChangeConsumer = z.infer<typeof changeConsumerSchema>;
/** Audit query. */
export type AuditQuery = z.infer<typeof auditQuerySchema>;
