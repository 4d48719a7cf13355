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
  };
}
