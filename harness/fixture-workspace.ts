// Writes a workspace DuckDB file holding a world's plans, keys (hashed), customers and skus, so
// the production server loads the fixture world through its real READ_ONLY path.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, listValue } from '@duckdb/node-api';
import { applySql } from '../simulator/sql/apply.ts';
import { sha256Hex } from '../src/api/orders/auth.ts';
import type { SourceWorld } from '../src/api/orders/world-deps.ts';

/** A fresh temp folder for one server: workspace file, orders folder, issued-keys file. */
export interface ServerFiles {
  dir: string;
  dataFile: string;
  ordersDir: string;
  issuedKeysFile: string;
}

/** Creates a temp folder (under `parent`, default the OS temp dir) with a workspace file for `world`. */
export async function writeFixtureWorkspace(world: SourceWorld, parent = tmpdir()): Promise<ServerFiles> {
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'estate-api-'));
  const dataFile = join(dir, 'estate.duckdb');
  const instance = await DuckDBInstance.create(dataFile);
  const db = await instance.connect();
  try {
    await applySql(db, 'tables');
    for (const plan of world.plans) {
      await db.run('insert into plans values ($plan, 60, $quota)', {
        plan: plan.plan,
        quota: Number(plan.quota_requests_per_period),
      });
    }
    for (const key of world.keys) {
      await db.run(
        `insert into keys (key_id, name, environment, status, plan, rpm_budget, scopes, created_at, expires_at,
           key_hash_sha256, key_prefix, key_last4)
         values ($id, $id, $env, $status, $plan, $rpm, $scopes, '2026-01-01', $expires::TIMESTAMP, $hash, $prefix, $last4)`,
        {
          id: key.key_id,
          env: key.environment,
          status: key.status,
          plan: key.plan,
          rpm: key.rpm_budget,
          scopes: listValue(key.scopes),
          expires: key.expires_at === null ? null : key.expires_at.replace('T', ' ').replace('Z', ''),
          hash: await sha256Hex(key.material),
          prefix: key.material.split('_').slice(0, 2).join('_'),
          last4: key.material.slice(-4),
        },
      );
    }
    for (const c of world.customers)
      await db.run("insert into customers values ($id, 'Customer')", { id: c.customer_id });
    for (const s of world.skus) await db.run("insert into skus values ($id, 'Item', 100)", { id: s.sku });
  } finally {
    db.closeSync();
    instance.closeSync();
  }
  return { dir, dataFile, ordersDir: join(dir, 'orders'), issuedKeysFile: join(dir, 'issued-keys.jsonl') };
}
