// What the management API starts from, read once at start from the open, read-only workspace: its
// keys, routes, consumers and plans (the state before any change), and every target's blast radius
// (the console's figures, so an audit entry and a dry run show the numbers the what-ifs show).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Blast, Target } from '../../src/manage/audit.ts';
import { noBlast } from '../../src/manage/deps.ts';
import {
  unrefusedKey,
  type ManagedConsumer,
  type ManagedKey,
  type ManagedRoute,
  type ManageSeed,
  type PlanTerms,
} from '../../src/manage/state.ts';
import type { Workspace } from '../../src/node/db.ts';

/** The seed, the blast radius of every target the workspace knows, and its what-if figures. */
export interface ManageReference {
  seed: ManageSeed;
  blast: Map<string, Blast>;
  /** The console's what-if summary of a key (rotate) or route (retire), by `type:id`. */
  whatIf: Map<string, Record<string, unknown>>;
}

/** An empty reference: no workspace. */
export const emptyManageReference = (): ManageReference => ({
  seed: { keys: [], routes: [], consumers: [], plans: [] },
  blast: new Map(),
  whatIf: new Map(),
});

function read<Row>(db: Workspace, name: string): Promise<Row[]> {
  return db.query<Row>(readFileSync(join(import.meta.dirname, 'sql', `${name}.sql`), 'utf8'));
}

type KeyRow = Pick<
  ManagedKey,
  | 'key_id'
  | 'name'
  | 'environment'
  | 'base_status'
  | 'plan'
  | 'rpm_budget'
  | 'scopes'
  | 'key_hash_sha256'
  | 'key_prefix'
  | 'key_last4'
  | 'expires_at'
  | 'created_at'
  | 'consumer_id'
>;
type BlastRow = Blast & { target_type: string; target_id: string };

/** Reads the seed and the blast radii; a workspace without the views gives zeros, not a failure. */
export async function readManageReference(db: Workspace): Promise<ManageReference> {
  const keys = (await read<KeyRow>(db, 'seed_keys')).map((row): ManagedKey => ({
    ...row,
    scopes: [...row.scopes],
    quota_orders_per_month: null,
    source: 'workspace',
    replaces: null,
    ...unrefusedKey,
  }));
  const routes = (await read<Omit<ManagedRoute, 'changed_by'>>(db, 'seed_routes')).map(
    (row): ManagedRoute => ({ ...row, changed_by: null }),
  );
  const consumers = await read<ManagedConsumer>(db, 'seed_consumers');
  const plans = await read<PlanTerms>(db, 'seed_plans');
  const blast = new Map<string, Blast>();
  for (const name of ['blast_targets', 'blast_consumers']) {
    try {
      for (const row of await read<BlastRow>(db, name))
        blast.set(`${row.target_type}:${row.target_id}`, {
          score: row.score,
          dependents: row.dependents,
          requests_per_day: row.requests_per_day,
        });
    } catch {
      // A workspace without the blast views (a test fixture): every target's radius is zero.
    }
  }
  const whatIf = new Map<string, Record<string, unknown>>();
  for (const [name, type, id] of [
    ['whatif_rotate', 'key', 'key_id'],
    ['whatif_retire', 'route', 'route_id'],
  ] as const) {
    try {
      for (const row of await read<Record<string, unknown>>(db, name))
        whatIf.set(`${type}:${String(row[id])}`, row);
    } catch {
      // A workspace without the preview views: dry runs show the blast radius alone.
    }
  }
  return { seed: { keys, routes, consumers, plans }, blast, whatIf };
}

/** The blast radius of a target, from a reference's figures. */
export function blastFinder(blast: ReadonlyMap<string, Blast>): (target: Target) => Blast {
  return (target) => blast.get(`${target.type}:${target.id}`) ?? noBlast;
}
