// buildWorld (interface A, docs/interfaces.md): pure, deterministic, browser-safe, with the documented demo key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../simulator/config.ts';
import { buildWorld, DEMO_SANDBOX_KEY_ID } from '../../../simulator/world/index.ts';

const world = buildWorld(defaultConfig);

describe('buildWorld', () => {
  it('gives the same world for the same config and a different one for another seed', () => {
    expect(buildWorld(defaultConfig)).toEqual(world);
    expect(buildWorld({ ...defaultConfig, seed: 'other' }).keys.map((k) => k.material)).not.toEqual(
      world.keys.map((k) => k.material),
    );
  });

  it.each([
    ['routes', 40, 80],
    ['keys', 30, 60],
    ['consumers', 20, 40],
    ['functions', 40, 80],
  ] as const)('sizes the default workspace: %s between %d and %d', (entity, min, max) => {
    expect(world[entity].length).toBeGreaterThanOrEqual(min);
    expect(world[entity].length).toBeLessThanOrEqual(max);
  });

  it('gives keys material in the documented format and never a hash', () => {
    for (const key of world.keys) {
      expect(key.material).toMatch(/^sk_(live|test|stg)_[0-9A-Za-z]{24}$/);
      expect(key.material.startsWith(`${key.key_prefix}_`)).toBe(true);
      expect(key.material.endsWith(key.key_last4)).toBe(true);
      expect(key).not.toHaveProperty('key_hash_sha256');
    }
    expect(new Set(world.keys.map((k) => k.material)).size).toBe(world.keys.length);
  });

  it('has the demo sandbox key of interface A', () => {
    const key = world.keys.find((k) => k.key_id === DEMO_SANDBOX_KEY_ID);
    expect(key).toMatchObject({
      environment: 'sandbox',
      status: 'active',
      plan: 'Sandbox',
      expires_at: null,
      rpm_budget: 60,
      key_prefix: 'sk_test',
    });
    expect(key?.scopes).toEqual(expect.arrayContaining(['orders:write', 'orders:read']));
  });

  it('plants deprecated POST /v1/orders (prod) with successor POST /v2/orders (prod)', () => {
    const v1 = world.routes.find((r) => r.method === 'POST' && r.path === '/v1/orders' && r.stage === 'prod');
    const successor = world.routes.find((r) => r.route_id === v1?.successor_route_id);
    expect(v1?.deprecated).toBe(true);
    expect(successor).toMatchObject({ method: 'POST', path: '/v2/orders', stage: 'prod', deprecated: false });
  });

  it('has customers and SKUs for the Orders API', () => {
    expect(world.customers.length).toBeGreaterThanOrEqual(10);
    expect(world.skus.every((s) => s.sku.startsWith('sku_') && s.unit_price_cents > 0)).toBe(true);
  });
});

describe('browser safety', () => {
  const dir = join(import.meta.dirname, '../../../simulator/world');
  const files = [
    ...readdirSync(dir).map((f) => join(dir, f)),
    join(dir, '../rng.ts'),
    join(dir, '../config.ts'),
  ];
  it.each(files)('%s imports only seedrandom, faker and its own modules', (file) => {
    const imports = [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);
    for (const source of imports) expect(source).toMatch(/^(\.{1,2}\/.*\.ts|seedrandom|@faker-js\/faker)$/);
  });
  it.each(files)('%s never reads the clock or Math.random', (file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/Math\.random|Date\.now|new Date\(\)/);
  });
});
