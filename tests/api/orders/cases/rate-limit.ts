// Exact rpm budgets and plan quotas, on every serving path.
import type { ContractCase } from '../contract-types.ts';
import { post, validOrder } from './requests.ts';

/** Exact rpm budgets and plan quotas (fixed clock 12:00:10, so 50 s to the next window). */
export const rateLimitCases: ContractCase[] = [
  {
    name: 'rpm budget 3: three pass with falling RateLimit, the fourth is 429 with Retry-After',
    purpose: 'rate-limit',
    steps: [
      ...[2, 1, 0].map((remaining) => ({
        request: post('tinyRpm', validOrder),
        expect: {
          status: 201,
          headers: { 'ratelimit-policy': '"rpm";q=3;w=60', ratelimit: `"rpm";r=${remaining};t=50` },
        },
      })),
      {
        request: post('tinyRpm', validOrder),
        expect: {
          status: 429,
          problem: 'rate-limited',
          headers: { 'retry-after': '50', ratelimit: '"rpm";r=0;t=50' },
        },
      },
    ],
  },
  {
    name: 'plan quota 2 orders/month: the third order is 429 quota-exceeded',
    purpose: 'rate-limit',
    steps: [
      { request: post('tinyQuota', validOrder), expect: { status: 201 } },
      { request: post('tinyQuota', validOrder), expect: { status: 201 } },
      {
        request: post('tinyQuota', validOrder),
        expect: {
          status: 429,
          problem: 'quota-exceeded',
          headers: { 'retry-after': String(29 * 86_400 + 11 * 3600 + 59 * 60 + 50) },
        },
      },
    ],
  },
];
