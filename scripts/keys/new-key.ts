// A new API key: random material (shown once, never stored) and the `issued` line that stores only
// its SHA-256, prefix and last four. Used by `npm run keys:issue` and by a rotation's replacement.
import { sha256Hex } from '../../src/api/orders/auth.ts';
import { randomId } from '../../src/api/orders/ids.ts';
import type { IssuedLine } from '../../src/lib/issued-keys.ts';

/** The material's type prefix per environment (docs/interfaces.md, A). */
export const keyPrefixes = { production: 'sk_live', sandbox: 'sk_test', staging: 'sk_stg' } as const;

/** What a new key is issued with. */
export type NewKeyTerms = Pick<
  IssuedLine,
  | 'name'
  | 'environment'
  | 'plan'
  | 'rpm_budget'
  | 'scopes'
  | 'expires_at'
  | 'quota_orders_per_month'
  | 'replaces'
>;

/** Makes a key: its material, and the line to append (which holds no material). */
export async function newKey(terms: NewKeyTerms, now: Date): Promise<{ material: string; line: IssuedLine }> {
  const prefix = keyPrefixes[terms.environment];
  const material = randomId(`${prefix}_`);
  return {
    material,
    line: {
      event: 'issued',
      key_id: randomId('key_', 16),
      name: terms.name,
      environment: terms.environment,
      status: 'active',
      plan: terms.plan,
      rpm_budget: terms.rpm_budget,
      scopes: [...terms.scopes],
      created_at: now.toISOString(),
      expires_at: terms.expires_at,
      key_hash_sha256: await sha256Hex(material),
      key_prefix: prefix,
      key_last4: material.slice(-4),
      ...(terms.quota_orders_per_month === undefined
        ? {}
        : { quota_orders_per_month: terms.quota_orders_per_month }),
      ...(terms.replaces ? { replaces: terms.replaces } : {}),
    },
  };
}
