// The console gate's own problem+json answers (RFC 9457). The console is not the Orders API, so its
// refusals that the contract has no type for (a cross-site request, a role that may not act) are
// typed here, under the same base URI; the rest reuse the contract's types.
import { problemBase, type ProblemSlug } from '../../src/api/orders/contract.ts';
import type { PlainResponse } from '../../src/api/orders/plain.ts';
import { problemResponse } from '../../src/api/orders/respond.ts';

/** The console's problem types: slug → status and title. */
export const consoleProblemTypes = {
  'cross-site-request': { status: 403, title: 'Cross-site request refused' },
  'untrusted-host': { status: 403, title: 'Untrusted host' },
  'role-not-allowed': { status: 403, title: 'Your role does not allow this' },
} as const;

/** A console problem answer. */
export function consoleProblem(slug: keyof typeof consoleProblemTypes, detail: string): PlainResponse {
  const { status, title } = consoleProblemTypes[slug];
  const body = { type: problemBase + slug, title, status, detail, code: slug.replaceAll('-', '_') };
  return {
    status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
    // withRequestId only needs to know it is a problem (to add request_id); the slug is ours.
    problem: slug as ProblemSlug,
  };
}

/** Whether a request-target is valid percent-encoding (what Astro's handler decodes, or refuses). */
export function decodableTarget(target: string): boolean {
  try {
    decodeURI(target);
    return true;
  } catch {
    return false;
  }
}

/** The 400 for a console path that is not valid percent-encoding; the detail names the path. */
export function malformedPathProblem(): PlainResponse {
  return problemResponse(
    'invalid-request',
    'The request path is not valid percent-encoding: each % must start two hex digits of UTF-8',
  );
}
