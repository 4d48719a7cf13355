// Small builders for plain responses: JSON bodies, problem bodies and the headers every answer has.
import { problem, type ProblemDetail, type ProblemSlug } from './contract.ts';
import type { PlainResponse } from './plain.ts';

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): PlainResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** An application/problem+json response (RFC 9457). */
export function problemResponse(
  slug: ProblemSlug,
  detail: string,
  headers: Record<string, string> = {},
  errors?: ProblemDetail[],
): PlainResponse {
  const body = problem(slug, detail, errors);
  return {
    status: body.status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
    problem: slug,
  };
}

/**
 * Names, in a refusal a management change caused, the audit entry of that change: the
 * `audit_entry_id` extension member (the request log keeps the body, so the log names it too).
 * Entry ids are `aud_` plus base62; anything else is left out.
 */
export function withAuditEntry(response: PlainResponse, entryId: string | null | undefined): PlainResponse {
  if (entryId && /^aud_[A-Za-z0-9]+$/.test(entryId) && response.body.endsWith('}'))
    response.body = `${response.body.slice(0, -1)},"audit_entry_id":"${entryId}"}`;
  return response;
}

/**
 * Stamps an answer with its request id: the `Request-Id` header, and in a problem body the
 * `request_id` extension member (RFC 9457 §3.2), so a caller can quote it. Ids are `req_` plus
 * base62, so they go into the JSON text as they are.
 */
export function withRequestId(response: PlainResponse, requestId: string): PlainResponse {
  response.headers['request-id'] = requestId;
  if (response.problem !== undefined && response.body.endsWith('}'))
    response.body = `${response.body.slice(0, -1)},"request_id":"${requestId}"}`;
  return response;
}
