// The management API's writes: each validates its body (every bad field named), then runs as a
// change through ./apply.ts with the request's Idempotency-Key, address and user agent.
import type { z } from 'zod';
import { parseIdempotencyKey } from '../api/orders/idempotency-key.ts';
import type { PlainResponse } from '../api/orders/plain.ts';
import type { Principal } from './actor.ts';
import { runChange, type ChangeRequest } from './apply.ts';
import { planDemoReset, workspaceTarget } from './changes/demo-reset.ts';
import { planIssue, planRevoke, planRoll, planUpdate } from './changes/keys.ts';
import { grantRefusal, planCreateManagementKey, planRevokeManagementKey } from './changes/management-keys.ts';
import type { Planned, PlanContext } from './changes/plan.ts';
import { planConsumer, planDeprecate, planRestore } from './changes/routes-consumers.ts';
import {
  changeConsumerSchema,
  createManagementKeySchema,
  deprecateRouteSchema,
  issueKeySchema,
  rollKeySchema,
  runOnlySchema,
  updateKeySchema,
} from './contract.ts';
import type { ManageDeps } from './deps.ts';
import type { ManageState } from './state.ts';
import { manageProblem } from './problems.ts';
import { stageOfWrite, stageRefusal } from './stage-guard.ts';
import { bodyText, isResponse, parsed, type ManageRequest } from './request.ts';

/** One write: its schema, its action and target, and its plan. */
interface WriteSpec<S extends z.ZodType> {
  schema: S;
  action: string;
  targetType: string;
  plan: (ctx: PlanContext, body: z.infer<S>) => Planned;
  /** A refusal that depends on the caller, the body and the state (before any plan), or null. */
  refuse?: (principal: Principal, body: z.infer<S>, state: ManageState) => PlainResponse | null;
}

const spec = <S extends z.ZodType>(s: WriteSpec<S>) => s as unknown as WriteSpec<z.ZodType>;

/** The write a method and path name; `id` is the path's target id. */
function writeOf(
  method: string,
  path: string,
  id: string,
  verb: string | undefined,
): WriteSpec<z.ZodType> & { targetId: string } {
  if (path === '/demo/reset')
    return {
      ...spec({ schema: runOnlySchema, action: 'demo.reset', targetType: 'workspace', plan: planDemoReset }),
      targetId: workspaceTarget.id,
    };
  if (path === '/management-keys')
    return {
      ...spec({
        schema: createManagementKeySchema,
        action: 'management_key.create',
        targetType: 'management_key',
        plan: (c, b) => planCreateManagementKey(c, b.name, b.scopes),
        refuse: (principal, b) => grantRefusal(principal, b.scopes),
      }),
      targetId: 'new',
    };
  if (path.startsWith('/management-keys/'))
    return {
      ...spec({
        schema: runOnlySchema,
        action: 'management_key.revoke',
        targetType: 'management_key',
        plan: (c) => planRevokeManagementKey(c, id),
        // As a maker grants only scopes it holds, a caller revokes only keys no stronger than itself.
        refuse: (principal, _b, state) =>
          grantRefusal(principal, state.managementKeys.get(id)?.scopes ?? [], 'revoke'),
      }),
      targetId: id,
    };
  if (path === '/keys')
    return {
      ...spec({ schema: issueKeySchema, action: 'key.issue', targetType: 'key', plan: planIssue }),
      targetId: 'new',
    };
  if (path.startsWith('/keys/') && method === 'PATCH')
    return {
      ...spec({
        schema: updateKeySchema,
        action: 'key.update',
        targetType: 'key',
        plan: (c, b) => planUpdate(c, id, b),
      }),
      targetId: id,
    };
  if (path.startsWith('/keys/') && verb === 'revoke')
    return {
      ...spec({
        schema: runOnlySchema,
        action: 'key.revoke',
        targetType: 'key',
        plan: (c) => planRevoke(c, id),
      }),
      targetId: id,
    };
  if (path.startsWith('/keys/'))
    return {
      ...spec({
        schema: rollKeySchema,
        action: 'key.roll',
        targetType: 'key',
        plan: (c, b) => planRoll(c, id, b),
      }),
      targetId: id,
    };
  if (path.startsWith('/routes/') && verb === 'deprecate')
    return {
      ...spec({
        schema: deprecateRouteSchema,
        action: 'route.deprecate',
        targetType: 'route',
        plan: (c, b) => planDeprecate(c, id, b),
      }),
      targetId: id,
    };
  if (path.startsWith('/routes/'))
    return {
      ...spec({
        schema: runOnlySchema,
        action: 'route.restore',
        targetType: 'route',
        plan: (c) => planRestore(c, id),
      }),
      targetId: id,
    };
  return {
    ...spec({
      schema: changeConsumerSchema,
      action: 'consumer.update',
      targetType: 'consumer',
      plan: (c, b) => planConsumer(c, id, b),
    }),
    targetId: id,
  };
}

/** Answers a POST or PATCH. */
export async function writeRoute(
  method: string,
  path: string,
  params: string[],
  request: ManageRequest,
  principal: Principal,
  deps: ManageDeps,
  requestId: string,
): Promise<PlainResponse> {
  const header = parseIdempotencyKey(request.headers['idempotency-key']);
  if (header.kind === 'invalid')
    return manageProblem('invalid-request', header.reason, {
      errors: [{ pointer: '', parameter: 'Idempotency-Key', code: 'invalid', detail: header.reason }],
    });
  const idempotencyKey = header.kind === 'key' ? header.key : undefined;
  if (path === '/demo/reset' && principal.actor.type !== 'demo_visitor')
    return manageProblem(
      'open-demo-only',
      'Reset demo is for the open demo (no CONSOLE_TOKEN, no operators): a deployment keeps its changes',
    );
  const read = await bodyText(request);
  if (isResponse(read)) return read;
  const write = writeOf(method, path, params[0] ?? '', params[1]);
  const body = parsed(request, read.text, write.schema);
  if (isResponse(body)) return body;
  const { dry_run: dryRun, preview_token: token, ...params_ } = body as Record<string, unknown>;
  const state = deps.store.current().state;
  const refused =
    stageRefusal(principal, stageOfWrite(path, params_, state)) ?? write.refuse?.(principal, body, state);
  if (refused) return refused;
  const change: ChangeRequest = {
    action: write.action,
    targetType: write.targetType,
    targetId: write.targetId,
    params: params_,
    dryRun: dryRun === true,
    previewToken: typeof token === 'string' ? token : undefined,
    plan: (ctx) => write.plan(ctx, body),
  };
  return runChange(
    deps,
    {
      actor: principal.actor,
      requestId,
      idempotencyKey: idempotencyKey ?? null,
      requestSha256:
        idempotencyKey === undefined ? null : deps.sha256(`${method} ${request.path}\n${read.text}`),
      sourceAddress: request.sourceAddress,
      userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
    },
    change,
  );
}
