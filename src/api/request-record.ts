// One request as the request log records it: what was asked, what was answered, for whom, and how
// long it took. Never key material, the Authorization header or a body: a problem body is ours.
import type { CallerKind } from '../lib/caller-kind.ts';
import type { Problem } from './orders/contract.ts';

/** Where a key may be used. */
export type Environment = 'production' | 'sandbox' | 'staging';

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
