// One request as the request log records it: what was asked, what was answered, for whom, and how
// long it took. Never key material, the Authorization header or a body: a problem body is ours.
import { callerKindOf, type CallerKind } from '../lib/caller-kind.ts';
import type { Problem } from './orders/contract.ts';
import type { KeyRecord } from './orders/deps.ts';
import type { PlainResponse } from './orders/plain.ts';
import type { RouteFinder } from './route-map.ts';

/** Where a key may be used. */
export type Environment = KeyRecord['environment'];

/** Response headers a log entry keeps, for its detail view (rate limits, deprecation, retries). */
export const loggedHeaders = [
  'content-type',
  'location',
  'ratelimit-policy',
  'ratelimit',
  'retry-after',
  'idempotent-replayed',
  'www-authenticate',
  'allow',
  'accept-post',
  'accept-encoding',
  'deprecation',
  'sunset',
  'link',
] as const;

/** One answered request (field names are the `live_requests` columns analysts see). */
export interface RequestRecord {
  /** `req_…`, also sent as the `Request-Id` header and in every problem body. */
  request_id: string;
  /** When the response was sent, epoch milliseconds. */
  time_ms: number;
  method: string;
  /** The request-target as sent (query included), at most 512 characters. */
  path: string;
  /** The workspace route it maps to (method, path template and the key's stage), if any. */
  route_id: string | null;
  status: number;
  /** The problem type's slug (`rate-limited`, …) for an error answer, else null. */
  problem_type: string | null;
  /** From the request's arrival to the response's last byte handed to the socket. */
  latency_ms: number;
  /** The key the credential named, when it named one we know (revoked and expired included). */
  key_id: string | null;
  consumer_id: string | null;
  environment: Environment | null;
  livemode: boolean | null;
  caller_kind: CallerKind;
  /** At most 256 characters. */
  user_agent: string | null;
  idempotent_replay: boolean;
  order_id: string | null;
  /** The notable headers we sent (see loggedHeaders), lower-case names. */
  response_headers: Record<string, string>;
  problem: Problem | null;
}

/** A record as the log holds it: with its place in the log (newest has the highest). */
export interface LoggedRequest extends RequestRecord {
  seq: number;
}

/** The status class of a status code: 2 for 2xx, … 5 for 5xx. */
export function statusClass(status: number): 2 | 3 | 4 | 5 {
  return Math.min(5, Math.max(2, Math.floor(status / 100))) as 2 | 3 | 4 | 5;
}

/** What an adapter knows of a request it answered. */
export interface AnsweredRequest {
  method: string;
  /** The request-target as sent. */
  target: string;
  userAgent: string | undefined;
  response: PlainResponse;
  /** When the response was sent (epoch ms), and how long the request took. */
  timeMs: number;
  latencyMs: number;
}

const pathLimit = 512;
const userAgentLimit = 256;

/** The order an answer created, replayed or read: its Location, or the order path it named. */
function orderIdOf(target: string, response: PlainResponse): string | null {
  const location = response.headers.location;
  if (location?.startsWith('/v2/orders/')) return location.slice('/v2/orders/'.length);
  const item = response.status === 200 ? /^\/v2\/orders\/(ord_[A-Za-z0-9]+)(?:\?|$)/.exec(target) : null;
  return item?.[1] ?? null;
}

/**
 * The request log's record of an answer: who called (the key the handler recognised, its consumer
 * and environment, the caller kind its User-Agent says), what was asked and answered, the headers
 * worth showing again and the problem body. Never key material, the Authorization header or a body.
 */
export function requestRecord(answer: AnsweredRequest, routeOf?: RouteFinder): RequestRecord {
  const { response } = answer;
  const key = response.key ?? null;
  const environment = key?.environment ?? null;
  const method = answer.method.toUpperCase();
  const kept: Record<string, string> = {};
  for (const name of loggedHeaders) {
    const value = response.headers[name];
    if (value !== undefined) kept[name] = value;
  }
  let problem: Problem | null = null;
  if (response.problem !== undefined) {
    try {
      problem = JSON.parse(response.body) as Problem;
    } catch {
      problem = null;
    }
  }
  return {
    request_id: response.headers['request-id'] ?? '',
    time_ms: answer.timeMs,
    method,
    path: answer.target.slice(0, pathLimit),
    route_id: routeOf?.(method === 'HEAD' ? 'GET' : method, answer.target, environment) ?? null,
    status: response.status,
    problem_type: response.problem ?? null,
    latency_ms: Math.round(answer.latencyMs * 100) / 100,
    key_id: key?.key_id ?? null,
    consumer_id: key?.consumer_id ?? null,
    environment,
    livemode: environment === null ? null : environment === 'production',
    caller_kind: callerKindOf(answer.userAgent),
    user_agent: answer.userAgent?.slice(0, userAgentLimit) ?? null,
    idempotent_replay: response.headers['idempotent-replayed'] === 'true',
    order_id: orderIdOf(answer.target, response),
    response_headers: kept,
    problem,
  };
}
