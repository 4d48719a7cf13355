// Types of the contract-case table and of a runner (one way of serving the API).
import type { ProblemSlug } from '../../../src/api/orders/contract.ts';
import type { OrderStore } from '../../../src/api/orders/deps.ts';

/** A request as a test sends it. */
export interface ApiRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A response as a test sees it: lower-case headers, parsed JSON body. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
}

/** What one step must answer. `headers` values: exact string, pattern, or null for "absent". */
export interface Expectation {
  status: number;
  problem?: ProblemSlug;
  headers?: Record<string, string | RegExp | null>;
  check?: (response: ApiResponse, earlier: ApiResponse[]) => void;
}

/** One request of a case, possibly built from earlier responses. */
export interface Step {
  request: ApiRequest | ((earlier: ApiResponse[]) => ApiRequest);
  expect: Expectation;
}

/** What a case proves. */
export type Purpose = 'happy' | 'error' | 'security' | 'rate-limit' | 'idempotency';

/** One row of the contract table. */
export interface ContractCase {
  name: string;
  purpose: Purpose;
  steps: Step[];
}

/** One way of serving the API: handler, MSW in node, or the production server over HTTP. */
export interface Runner {
  name: string;
  send(request: ApiRequest): Promise<ApiResponse>;
  /** The runner's order store (to count orders, or to hold a create in flight). */
  store(): Promise<OrderStore>;
  close(): Promise<void>;
}

/** Headers every runner must agree on. */
export const comparedHeaders = [
  'content-type',
  'cache-control',
  'location',
  'www-authenticate',
  'ratelimit-policy',
  'ratelimit',
  'retry-after',
  'idempotent-replayed',
  'allow',
  'accept-post',
  'accept-encoding',
] as const;
