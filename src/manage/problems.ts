// The management API's RFC 9457 problems: the Orders API's types (same base URI, same body and the
// same request id, src/api/orders/respond.ts), plus the few only changes can meet.
import type { z } from 'zod';
import { problemBase, problemTypes, type ProblemDetail, type ProblemSlug } from '../api/orders/contract.ts';
import type { PlainResponse } from '../api/orders/plain.ts';
import { validationErrors } from '../api/orders/validation.ts';

/** Problem types only the management API answers with: slug → status and title. */
export const manageProblemTypes = {
  'invalid-management-key': { status: 401, title: 'Invalid management key' },
  'cross-site-request': { status: 403, title: 'Cross-site request refused' },
  'open-demo-only': { status: 403, title: 'Only the open demo may do this' },
  'stage-not-allowed': { status: 403, title: 'Your role cannot change this stage' },
  conflict: { status: 409, title: 'Conflict with the current state' },
  'preview-token-stale': { status: 412, title: 'Preview token is stale' },
  'preview-required': { status: 428, title: 'Preview required' },
  'preview-token-mismatch': { status: 422, title: 'Preview token does not match this change' },
} as const satisfies Record<string, { status: number; title: string }>;

/** A slug of either API's problem types. */
export type ManageProblemSlug = ProblemSlug | keyof typeof manageProblemTypes;

/** An application/problem+json response; extension members (`audit_entry_id`) go in `extra`. */
export function manageProblem(
  slug: ManageProblemSlug,
  detail: string,
  options: {
    errors?: ProblemDetail[];
    headers?: Record<string, string>;
    extra?: Record<string, unknown>;
  } = {},
): PlainResponse {
  const { status, title } =
    slug in manageProblemTypes
      ? manageProblemTypes[slug as keyof typeof manageProblemTypes]
      : problemTypes[slug as ProblemSlug];
  const body: Record<string, unknown> = {
    type: problemBase + slug,
    title,
    status,
    detail,
    code: slug.replaceAll('-', '_'),
    ...(options.errors ? { errors: options.errors } : {}),
    ...options.extra,
  };
  return {
    status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...options.headers },
    body: JSON.stringify(body),
    // The request log and withRequestId only need to know it is a problem; the slug is ours.
    problem: slug as ProblemSlug,
  };
}

/** A 422 naming every bad field (one `errors` entry per zod issue, with its JSON Pointer). */
export function invalidFields(
  issues: readonly z.core.$ZodIssue[],
  where: 'body' | 'query' = 'body',
): PlainResponse {
  const errors = validationErrors(issues).map((error) =>
    where === 'query' ? { ...error, pointer: '', parameter: error.pointer.slice(1) || 'query' } : error,
  );
  const fields = errors.map((e) => e.parameter ?? (e.pointer || 'body')).join(', ');
  return manageProblem('validation-failed', `Check ${fields}`, { errors });
}

/** A create's preview applied already: the key its nonce names exists (412; preview again). */
export function previewAppliedAlready(madeId: string): PlainResponse {
  return fieldProblem(
    'preview-token-stale',
    '/preview_token',
    'stale',
    `This preview was applied already (it made ${madeId}); preview again for another key`,
  );
}

/** A problem about one field of the body (`pointer` as RFC 6901, `/preview_token`). */
export function fieldProblem(
  slug: ManageProblemSlug,
  pointer: string,
  code: string,
  detail: string,
): PlainResponse {
  return manageProblem(slug, detail, { errors: [{ pointer, code, detail }] });
}
