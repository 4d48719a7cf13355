// What every list endpoint (GET /v2/orders, GET /v2/events) reads and answers alike, as Stripe's
// lists do (and a read that takes no query refuses any parameter alike): unknown and repeated
// parameters refused, `limit` (1–100, default 10) and `starting_after` (the last id of the previous
// page), each problem naming its parameter; a 400 listing them all, and the 400 for a cursor naming
// nothing in the key's environment.
import { listLimits, type ProblemDetail } from './contract.ts';
import type { PlainResponse } from './plain.ts';
import { problemResponse } from './respond.ts';

/** The ids a list pages by: their pattern, and how a problem names them ("an order id (ord_…)"). */
export interface ListCursor {
  pattern: RegExp;
  names: string;
}

/** A list's query read so far: its parameters, its problems, and the page's size and cursor. */
export interface ListQueryStart {
  params: URLSearchParams;
  errors: ProblemDetail[];
  limit: number;
  startingAfter?: string;
  /** Records a problem with `parameter`. */
  refuse: (parameter: string, code: string, detail: string) => void;
}

/** Reads a request-target's list query: `limit`, `starting_after` and the endpoint's own `filters`. */
export function readListQuery(
  target: string,
  filters: readonly string[],
  cursor: ListCursor,
): ListQueryStart {
  const at = target.indexOf('?');
  const params = new URLSearchParams(at === -1 ? '' : target.slice(at + 1));
  const errors: ProblemDetail[] = [];
  const refuse = (parameter: string, code: string, detail: string) => {
    errors.push({ pointer: '', code, detail, parameter });
  };
  const known = new Set(['limit', 'starting_after', ...filters]);
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) refuse(name, 'unknown_parameter', `Unknown query parameter "${name}"`);
    else if (params.getAll(name).length > 1)
      refuse(name, 'repeated_parameter', `${name} is given more than once`);
  }
  const read: ListQueryStart = { params, errors, limit: listLimits.defaultLimit, refuse };
  const limit = params.get('limit');
  if (limit !== null) {
    const n = /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
    if (n >= listLimits.minLimit && n <= listLimits.maxLimit) read.limit = n;
    else
      refuse(
        'limit',
        'invalid_limit',
        `limit must be an integer from ${listLimits.minLimit} to ${listLimits.maxLimit}`,
      );
  }
  const after = params.get('starting_after');
  if (after !== null) {
    if (cursor.pattern.test(after)) read.startingAfter = after;
    else refuse('starting_after', 'invalid_cursor', `starting_after must be ${cursor.names}`);
  }
  return read;
}

/**
 * The problems with the query of a read that takes none (GET /v2/webhooks, /v2/orders/{id}/events):
 * every parameter, named, as a list names an unknown one.
 */
export function queryProblems(target: string): ProblemDetail[] {
  const at = target.indexOf('?');
  const params = new URLSearchParams(at === -1 ? '' : target.slice(at + 1));
  return [...new Set(params.keys())].map((name) => ({
    pointer: '',
    code: 'unknown_parameter',
    detail: `Unknown query parameter "${name}": this route takes none`,
    parameter: name,
  }));
}

/** A 400 listing every problem with the query. */
export function badListQuery(errors: ProblemDetail[], headers: Record<string, string>): PlainResponse {
  const n = errors.length;
  return problemResponse(
    'invalid-request',
    `${n} problem${n === 1 ? '' : 's'} in the query`,
    headers,
    errors,
  );
}

/** The 400 for a `starting_after` naming no `noun` ("order", "event") in the key's environment. */
export function unknownCursor(noun: string, headers: Record<string, string>): PlainResponse {
  const detail = `starting_after names no ${noun} in this key's environment`;
  return problemResponse('invalid-request', detail, headers, [
    { pointer: '', code: 'unknown_cursor', detail, parameter: 'starting_after' },
  ]);
}
