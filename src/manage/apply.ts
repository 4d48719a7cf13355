// The one way a change happens, for the HTTP API and the CLI alike: plan on the current state;
// as a dry run, answer the preview and its token; else, under the store's lock, replay an
// Idempotency-Key's earlier answer, re-plan on the latest state, check the preview token (422 for
// another change, 412 when the target changed since), and append the change with its entry. A
// change that changes nothing (its after is its before) writes nothing: no entry, no stale preview.
import type { PlainResponse } from '../api/orders/plain.ts';
import { json } from '../api/orders/respond.ts';
import type { Actor } from './actor.ts';
import type { AuditEntry } from './audit.ts';
import {
  changesNothing,
  isRefusal,
  type ChangePlan,
  type Planned,
  type PlanContext,
} from './changes/plan.ts';
import type { ManageDeps } from './deps.ts';
import { fieldProblem, manageProblem } from './problems.ts';
import {
  changeId,
  checkPreviewToken,
  previewNonce,
  previewToken,
  tokenVersion,
  type PreviewSubject,
} from './preview-token.ts';

/** Who asks for a change, and where from: what its audit entry records beside the change. */
export interface ChangeMeta {
  actor: Actor;
  requestId: string | null;
  idempotencyKey: string | null;
  /** SHA-256 of method, path and body: an Idempotency-Key is bound to it. */
  requestSha256: string | null;
  sourceAddress: string | null;
  userAgent: string | null;
}

/** A change asked for: what it binds a token to, and how to plan it. */
export interface ChangeRequest {
  action: string;
  /** The target as `type:id` (`key:new` for a key not issued yet). */
  targetType: string;
  targetId: string;
  /** The validated parameters, without dry_run and preview_token. */
  params: Record<string, unknown>;
  dryRun: boolean;
  previewToken: string | undefined;
  plan: (ctx: PlanContext) => Planned;
}

/** The answer of an applied change (a replay omits the secret: it is shown once). */
function applied(
  entry: AuditEntry,
  status: number,
  secret: string | undefined,
  replay: boolean,
): PlainResponse {
  const body = {
    object: 'change',
    action: entry.action,
    audit_entry_id: entry.id,
    changed: true,
    target: entry.target,
    before: entry.before,
    after: entry.after,
    ...(secret === undefined ? {} : { secret }),
  };
  return json(status, body, replay ? { 'idempotent-replayed': 'true' } : {});
}

/** The answer of a change that changes nothing: applied, with no audit entry; after is before. */
const unchanged = (plan: ChangePlan): PlainResponse =>
  json(200, {
    object: 'change',
    action: plan.action,
    audit_entry_id: null,
    changed: false,
    target: plan.target,
    before: plan.before,
    after: plan.before,
  });

const statusOf = (action: string) =>
  action === 'key.issue' || action === 'management_key.create' ? 201 : 200;

/** Runs a change (or its dry run); never throws for a refusal. */
export async function runChange(
  deps: ManageDeps,
  meta: ChangeMeta,
  change: ChangeRequest,
): Promise<PlainResponse> {
  const subject: PreviewSubject = {
    action: change.action,
    target: `${change.targetType}:${change.targetId}`,
    params: change.params,
  };
  // A create's version is its preview's nonce; any other change's, its target's last seq.
  const creates = change.targetId === 'new';
  const context = (ledger: PlanContext['ledger'], version: number): PlanContext => ({
    ledger,
    now: new Date(deps.clock.now()),
    sha256: deps.sha256,
    dryRun: change.dryRun,
    newId: (prefix, length) => changeId(deps.hmac, subject, version, prefix, length),
  });
  if (change.dryRun) {
    const ledger = deps.store.current();
    const version = creates ? previewNonce() : ledger.versionOf(change.targetType, change.targetId);
    const planned = change.plan(context(ledger, version));
    if (isRefusal(planned)) return planned;
    return json(200, {
      object: 'preview',
      action: planned.action,
      target: planned.target,
      before: planned.before,
      after: planned.after,
      changed: !changesNothing(planned),
      blast: deps.blastOf(planned.target),
      what_if: (await deps.whatIfOf?.(planned.action, planned.target)) ?? null,
      preview_token: previewToken(deps.hmac, subject, version),
    });
  }
  if (change.previewToken === undefined)
    return fieldProblem(
      'preview-required',
      '/preview_token',
      'required',
      'Run the change with "dry_run": true first, then send its preview_token',
    );
  const token = change.previewToken;
  return deps.store.commit<PlainResponse>((ledger) => {
    if (meta.idempotencyKey !== null) {
      const earlier = ledger.byIdempotencyKey(meta.actor.id, meta.idempotencyKey);
      if (earlier && earlier.request_sha256 !== meta.requestSha256)
        return {
          answer: manageProblem(
            'idempotency-key-reused',
            'This Idempotency-Key was used for another request',
          ),
        };
      if (earlier) return { answer: applied(earlier, statusOf(earlier.action), undefined, true) };
    }
    const version = creates
      ? (tokenVersion(token) ?? 0)
      : ledger.versionOf(change.targetType, change.targetId);
    const planned = change.plan(context(ledger, version));
    if (isRefusal(planned)) return { answer: planned };
    const check = checkPreviewToken(deps.hmac, token, subject, version);
    if (check === 'mismatch')
      return {
        answer: fieldProblem(
          'preview-token-mismatch',
          '/preview_token',
          'mismatch',
          'This preview_token is for another change; preview this one',
        ),
      };
    if (check === 'stale')
      return {
        answer: fieldProblem(
          'preview-token-stale',
          '/preview_token',
          'stale',
          `${planned.target.name} changed since the preview; preview again`,
        ),
      };
    if (changesNothing(planned)) return { answer: unchanged(planned) };
    return {
      write: { entry: entryOf(planned, meta, deps), effects: planned.effects },
      then: (entry) => applied(entry, planned.status, planned.secret, false),
    };
  });
}

/** The audit entry of a planned change, before the store gives it an id. */
export function entryOf(
  plan: ChangePlan,
  meta: ChangeMeta,
  deps: Pick<ManageDeps, 'clock' | 'blastOf'>,
): Omit<AuditEntry, 'id' | 'seq'> {
  return {
    time: new Date(deps.clock.now()).toISOString(),
    actor: meta.actor,
    action: plan.action,
    target: plan.target,
    before: plan.before,
    after: plan.after,
    request_id: meta.requestId,
    idempotency_key: meta.idempotencyKey,
    request_sha256: meta.requestSha256,
    source_address: meta.sourceAddress,
    user_agent: meta.userAgent,
    blast: deps.blastOf(plan.target),
  };
}
