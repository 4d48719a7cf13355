// Test helper: simulates small workspaces into a temp folder once per test file and opens them
// read-only. Small means a week at scale 0.05: seconds to write, every story still planted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { defaultConfig, type SimConfig } from '../../simulator/config.ts';
import { schemaTables } from '../../simulator/sql/apply.ts';
import { writeWorkspace } from '../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';

/** The config the simulator tests use unless they say otherwise. */
export const smallConfig: SimConfig = { ...defaultConfig, days: 7, scale: 0.05 };

/** A temp folder, removed by the returned cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'estate-sim-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Simulates `config` into `file` and opens it read-only. */
export async function simulate(config: SimConfig, file: string): Promise<Workspace> {
  await writeWorkspace(config, file);
  return openWorkspace(file);
}

/** The simulator's tables (the schema's files, not the views' rollups). */
export const simulatorTables = schemaTables();

/** A content digest of a table: md5 over its rows rendered as text, in sorted order. */
export async function tableDigest(db: Workspace, table: string): Promise<{ rows: number; digest: string }> {
  const [row] = await db.query<{ rows: number; digest: string }>(
    `select count(*)::integer as rows, md5(coalesce(string_agg(line, chr(10) order by line), '')) as digest
     from (select t::varchar as line from "${table}" t)`,
  );
  if (!row) throw new Error(`no digest for ${table}`);
  return row;
}

/** A whole test file's simulated workspace: simulated before its tests, removed after them. */
export function useSimulated(config: SimConfig = smallConfig): () => Workspace {
  const temp = tempDir();
  let db: Workspace | undefined;
  beforeAll(async () => {
    db = await simulate(config, join(temp.dir, 'estate.duckdb'));
  });
  afterAll(() => {
    db?.close();
    temp.cleanup();
  });
  return () => {
    if (!db) throw new Error('the workspace is simulated in beforeAll');
    return db;
  };
}
