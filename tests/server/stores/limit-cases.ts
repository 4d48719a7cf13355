// The semantics of rpm windows, plan quotas and Idempotency-Key claims, as tables of steps with
// their expected answers. The in-memory classes of src/api/orders/ define them; every other
// implementation (Redis) must answer every step the same.
import { limits } from '../../../src/api/orders/contract.ts';
import type { IdempotencyClaims, QuotaStore, RateLimitStore } from '../../../src/api/orders/deps.ts';
import type { IdempotencyClaim } from '../../../src/api/orders/idempotency.ts';
import type { RateDecision } from '../../../src/api/orders/rate-limit.ts';

/** The three stores under test, fresh for each case. */
export interface LimitStores {
  rateLimiter: RateLimitStore;
  quota: QuotaStore;
  idempotency: IdempotencyClaims & {
    restore(keyId: string, key: string, fingerprint: string, orderId: string, createdAtMs: number): unknown;
  };
}

const minute = Date.UTC(2026, 10, 1, 12, 0); // a minute boundary
const day = limits.idempotencyWindowMs;
const a = 'a'.repeat(64);
const b = 'b'.repeat(64);

/** One call and what it must answer (undefined: nothing to check). */
export type LimitStep =
  | { hit: [keyId: string, limit: number, nowMs: number]; answers: Omit<RateDecision, 'limit'> }
  | { reserve: [keyId: string, limit: number, nowMs: number]; answers: boolean }
  | { refund: [keyId: string, nowMs: number] }
  | { claim: [keyId: string, key: string, fingerprint: string, nowMs: number]; answers: IdempotencyClaim }
  | { complete: [keyId: string, key: string, orderId: string, createdAtMs: number] }
  | { release: [keyId: string, key: string] }
  | { restore: [keyId: string, key: string, fingerprint: string, orderId: string, createdAtMs: number] };

const hit = (
  keyId: string,
  limit: number,
  at: number,
  allowed: boolean,
  remaining: number,
  resetSeconds: number,
): LimitStep => ({ hit: [keyId, limit, at], answers: { allowed, remaining, resetSeconds } });
const reserve = (keyId: string, limit: number, at: number, answers: boolean): LimitStep => ({
  reserve: [keyId, limit, at],
  answers,
});
const claim = (
  key: string,
  fingerprint: string,
  at: number,
  answers: IdempotencyClaim,
  keyId = 'key_a',
): LimitStep => ({
  claim: [keyId, key, fingerprint, at],
  answers,
});

/** Rpm windows: a fixed minute per key, refused requests not counted. */
export const rateLimitCases: [string, LimitStep[]][] = [
  [
    'admits the budget within a minute, then refuses without counting the refusals',
    [
      hit('key_a', 3, minute, true, 2, 60),
      hit('key_a', 3, minute + 1, true, 1, 60),
      hit('key_a', 3, minute + 20_000, true, 0, 40),
      hit('key_a', 3, minute + 20_001, false, 0, 40),
      hit('key_a', 3, minute + 59_999, false, 0, 1),
    ],
  ],
  [
    'starts a new window on the next minute of the clock',
    [
      hit('key_a', 1, minute + 59_000, true, 0, 1),
      hit('key_a', 1, minute + 59_999, false, 0, 1),
      hit('key_a', 1, minute + 60_000, true, 0, 60),
    ],
  ],
  [
    'counts each key on its own',
    [
      hit('key_a', 1, minute, true, 0, 60),
      hit('key_b', 1, minute, true, 0, 60),
      hit('key_a', 1, minute, false, 0, 60),
    ],
  ],
  [
    'refuses at once when the budget is lowered below what the window has used',
    [
      hit('key_a', 5, minute, true, 4, 60),
      hit('key_a', 5, minute, true, 3, 60),
      hit('key_a', 1, minute, false, 0, 60),
    ],
  ],
];

const november = Date.UTC(2026, 10, 15);
const december = Date.UTC(2026, 11, 1);

/** Plan quotas: orders per key per UTC month, reserved before a create and refunded if it fails. */
export const quotaCases: [string, LimitStep[]][] = [
  [
    'reserves up to the plan quota, then refuses',
    [
      reserve('key_a', 2, november, true),
      reserve('key_a', 2, november, true),
      reserve('key_a', 2, november, false),
    ],
  ],
  [
    'a refund gives one reservation back',
    [
      reserve('key_a', 1, november, true),
      { refund: ['key_a', november] },
      reserve('key_a', 1, november, true),
      reserve('key_a', 1, november, false),
    ],
  ],
  [
    'never refunds below zero',
    [
      { refund: ['key_a', november] },
      { refund: ['key_a', november] },
      reserve('key_a', 1, november, true),
      reserve('key_a', 1, november, false),
    ],
  ],
  [
    'starts again with each UTC month',
    [
      reserve('key_a', 1, december - 1, true),
      reserve('key_a', 1, december - 1, false),
      reserve('key_a', 1, december, true),
    ],
  ],
  ['counts each key on its own', [reserve('key_a', 1, november, true), reserve('key_b', 1, november, true)]],
];

const t = Date.UTC(2026, 10, 1, 9);

/** Idempotency-Key claims: in flight → in-flight, another body → mismatch, done → replay, 24 h. */
export const idempotencyCases: [string, LimitStep[]][] = [
  [
    'a key in flight answers in-flight for the same body and mismatch for another',
    [
      claim('k1', a, t, { kind: 'new' }),
      claim('k1', a, t + 1, { kind: 'in-flight' }),
      claim('k1', b, t + 2, { kind: 'mismatch' }),
    ],
  ],
  [
    'a completed key replays its order for the same body and is a mismatch for another',
    [
      claim('k1', a, t, { kind: 'new' }),
      { complete: ['key_a', 'k1', 'ord_1', t] },
      claim('k1', a, t + 1, { kind: 'replay', orderId: 'ord_1' }),
      claim('k1', b, t + 1, { kind: 'mismatch' }),
    ],
  ],
  [
    'a released claim frees the key for any body',
    [
      claim('k1', a, t, { kind: 'new' }),
      { release: ['key_a', 'k1'] },
      claim('k1', b, t + 1, { kind: 'new' }),
    ],
  ],
  [
    'a release after the order was created keeps the record',
    [
      claim('k1', a, t, { kind: 'new' }),
      { complete: ['key_a', 'k1', 'ord_1', t] },
      { release: ['key_a', 'k1'] },
      claim('k1', a, t, { kind: 'replay', orderId: 'ord_1' }),
    ],
  ],
  [
    "forgets an order's key 24 hours after the order was created",
    [
      claim('k1', a, t, { kind: 'new' }),
      { complete: ['key_a', 'k1', 'ord_1', t] },
      claim('k1', b, t + day - 1, { kind: 'mismatch' }),
      claim('k1', b, t + day, { kind: 'new' }),
    ],
  ],
  [
    'never forgets a claim still in flight by the clock alone',
    [claim('k1', a, t, { kind: 'new' }), claim('k1', a, t + 2 * day, { kind: 'in-flight' })],
  ],
  [
    'scopes keys per API key',
    [
      claim('k1', a, t, { kind: 'new' }),
      claim('k1', b, t, { kind: 'new' }, 'key_b'),
      claim('k1', b, t, { kind: 'mismatch' }),
    ],
  ],
  [
    'completing a key nobody claimed records nothing',
    [{ complete: ['key_a', 'k1', 'ord_1', t] }, claim('k1', b, t, { kind: 'new' })],
  ],
  [
    'restores the newest order for a key, in whichever order they are restored',
    [
      { restore: ['key_a', 'k1', b, 'ord_new', t + 1000] },
      { restore: ['key_a', 'k1', a, 'ord_old', t] },
      claim('k1', b, t + 2000, { kind: 'replay', orderId: 'ord_new' }),
    ],
  ],
];

/** Runs one step on `stores` and returns what it answered (undefined for steps that answer nothing). */
export async function runStep(stores: LimitStores, step: LimitStep): Promise<unknown> {
  if ('hit' in step) {
    const { allowed, remaining, resetSeconds } = await stores.rateLimiter.hit(...step.hit);
    return { allowed, remaining, resetSeconds };
  }
  if ('reserve' in step) return stores.quota.tryReserve(...step.reserve);
  if ('refund' in step) return void (await stores.quota.refund(...step.refund));
  if ('claim' in step) return stores.idempotency.claim(...step.claim);
  if ('complete' in step) return void (await stores.idempotency.complete(...step.complete));
  if ('release' in step) return void (await stores.idempotency.release(...step.release));
  return void (await stores.idempotency.restore(...step.restore));
}

/** What a step must answer (undefined for steps that answer nothing). */
export function expected(step: LimitStep): unknown {
  return 'answers' in step ? step.answers : undefined;
}
