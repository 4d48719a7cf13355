// Whether a workspace file was written by the simulator as it is now. The writer records a digest
// of the simulator's sources (TypeScript and SQL); a file whose digest differs holds data or views
// from older code, and `ensure-data` simulates it again from its own recorded config.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openWorkspace } from '../src/node/db.ts';
import type { SimConfig } from './config.ts';

const simulatorDir = import.meta.dirname;
/** Files outside simulator/ whose code decides generated data (the one User-Agent classifier). */
const sharedSources = [join(simulatorDir, '../src/lib/caller-kind.ts')];

/** Every .ts and .sql file under simulator/, in a stable order. */
function simulatorFiles(dir = simulatorDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return simulatorFiles(path);
      return /\.(ts|sql)$/.test(entry.name) ? [path] : [];
    });
}

/** The files whose code decides a workspace's data: the simulator's and the shared ones it runs. */
export function sourceFiles(): string[] {
  return [...simulatorFiles(), ...sharedSources];
}

/** Hex SHA-256 over the source files, names and contents. */
export function sourcesDigest(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles())
    hash.update(relative(simulatorDir, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

/** A workspace file's state: missing, written by the current sources, or stale (with its config). */
export type WorkspaceState =
  { state: 'missing' } | { state: 'current' } | { state: 'stale'; config: SimConfig | undefined };

/** Reads a workspace file's recorded config and digest (read-only) and compares with `digest`. */
export async function workspaceState(file: string, digest = sourcesDigest()): Promise<WorkspaceState> {
  if (!existsSync(file)) return { state: 'missing' };
  let rows: { seed: string; as_of: string; days: number; scale: number; sources_sha256: string }[];
  try {
    const workspace = await openWorkspace(file);
    try {
      rows = await workspace.query(
        "select seed, strftime(as_of, '%Y-%m-%d') as as_of, days, scale, sources_sha256 from workspace",
      );
    } finally {
      workspace.close();
    }
  } catch {
    return { state: 'stale', config: undefined }; // not a workspace this simulator can read
  }
  const row = rows[0];
  if (!row) return { state: 'stale', config: undefined };
  if (row.sources_sha256 === digest) return { state: 'current' };
  return { state: 'stale', config: { seed: row.seed, asOf: row.as_of, days: row.days, scale: row.scale } };
}
