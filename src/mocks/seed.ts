// Keys a team seeds the mock with: a value (or only its SHA-256) and whatever differs from the
// demo sandbox key, which every other field copies (sandbox, active, Sandbox plan, 60 rpm, its scopes).
import { sha256Hex } from '../api/orders/auth.ts';
import type { KeyRecord } from '../api/orders/deps.ts';
import { toKeyRecord, type ApiWorld } from '../api/orders/world-deps.ts';
import { demoWorld } from './demo-world.ts';

/** A key to seed: its value or only its SHA-256 (hex), and the fields that differ from the demo key. */
export type MockKey = ({ material: string } | { key_hash_sha256: string }) & Partial<KeyRecord>;

/** The plan quota of `plan` in `world` (orders a month); unlimited for a plan the world lacks. */
function planQuota(world: ApiWorld, plan: string): number {
  const found = world.plans.find((p) => p.plan === plan);
  return found ? Number(found.quota_requests_per_period) : Number.MAX_SAFE_INTEGER;
}

/** The record a key gets for every field it does not set: the demo sandbox key's. */
export function demoKeyTemplate(world: ApiWorld = demoWorld): Omit<KeyRecord, 'key_id'> {
  const [demo] = demoWorld.keys;
  if (!demo) throw new Error('the demo world has no key');
  const { key_id: _id, ...record } = toKeyRecord(demo, planQuota(world, demo.plan));
  return record;
}

/** Seeded keys by hash; a key without `key_id` is named after its hash (`key_` + 12 hex digits). */
export async function seedKeys(keys: readonly MockKey[], world: ApiWorld): Promise<[string, KeyRecord][]> {
  return Promise.all(
    keys.map(async (key): Promise<[string, KeyRecord]> => {
      const { material, key_hash_sha256, ...fields } = key as MockKey & {
        material?: string;
        key_hash_sha256?: string;
      };
      const hash = key_hash_sha256?.toLowerCase() ?? (await sha256Hex(material ?? ''));
      const template = demoKeyTemplate(world);
      const quota = fields.plan ? planQuota(world, fields.plan) : template.quota_orders_per_month;
      return [
        hash,
        { ...template, quota_orders_per_month: quota, key_id: `key_${hash.slice(0, 12)}`, ...fields },
      ];
    }),
  );
}
