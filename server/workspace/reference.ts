// What the API reads of the workspace, once at start and READ_ONLY (then the file is closed, so the
// server never holds it): keys by hash with their holder, plans, customers, skus, the routes the
// request log maps answers to, and the deprecated paths still served. One SQL file per result.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeprecatedPath } from '../../src/api/orders/deps.ts';
import type { MappedRoute } from '../../src/api/route-map.ts';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { readDeprecatedPaths } from '../deprecated-paths.ts';
import { emptyManageReference, readManageReference, type ManageReference } from '../manage/seed.ts';

/** A workspace key as the API needs it. */
export interface ReferenceKey {
  key_id: string;
  environment: string;
  status: string;
  plan: string;
  rpm_budget: number;
  scopes: string[];
  expires_at: string | null;
  key_hash_sha256: string;
  consumer_id: string | null;
}

/** Everything the API reads of the workspace. */
export interface Reference {
  keys: ReferenceKey[];
  plans: { plan: string; quota: number }[];
  customers: { customer_id: string }[];
  skus: { sku: string }[];
  routes: MappedRoute[];
  deprecated: Map<string, DeprecatedPath>;
  /** What the management API starts from (server/manage/seed.ts). */
  manage: ManageReference;
}

/** Runs `sql/<name>.sql`. */
function read<Row>(db: Workspace, name: string): Promise<Row[]> {
  return db.query<Row>(readFileSync(join(import.meta.dirname, 'sql', `${name}.sql`), 'utf8'));
}

/** Reads the reference data, then closes the file again; without a workspace, nothing but a warning. */
export async function readReference(file: string): Promise<Reference> {
  if (!existsSync(file)) {
    console.warn(`Orders API: no workspace at ${file}; only issued keys, no customers or skus.`);
    return {
      keys: [],
      plans: [],
      customers: [],
      skus: [],
      routes: [],
      deprecated: new Map(),
      manage: emptyManageReference(),
    };
  }
  const db = await openWorkspace(file);
  try {
    return {
      keys: await read(db, 'keys'),
      plans: await read(db, 'plans'),
      customers: await read(db, 'customers'),
      skus: await read(db, 'skus'),
      routes: await read(db, 'routes'),
      deprecated: await readDeprecatedPaths(db),
      manage: await readManageReference(db),
    };
  } finally {
    db.close();
  }
}
