// The simulator's output: deterministic by content, different per seed, and written atomically.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWorkspace } from '../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { simulate, simulatorTables, smallConfig, tableDigest, tempDir } from './simulated.ts';

const temp = tempDir();
let first: Workspace;
let again: Workspace;
let otherSeed: Workspace;

beforeAll(async () => {
  first = await simulate(smallConfig, join(temp.dir, 'first.duckdb'));
  again = await simulate(smallConfig, join(temp.dir, 'again.duckdb'));
  otherSeed = await simulate({ ...smallConfig, seed: 'another-seed' }, join(temp.dir, 'other.duckdb'));
});
afterAll(() => {
  for (const db of [first, again, otherSeed]) db.close();
  temp.cleanup();
});

describe('same seed and as-of', () => {
  it.each(simulatorTables)('gives %s the same content digest', async (table) => {
    const a = await tableDigest(first, table);
    expect(a.rows).toBeGreaterThan(0);
    expect(await tableDigest(again, table)).toEqual(a);
  });
});

describe('a different seed', () => {
  // Thresholds and plans are the same by design; everything generated must differ.
  it.each(simulatorTables.filter((t) => t !== 'thresholds' && t !== 'plans'))(
    'gives %s different data',
    async (table) => {
      expect((await tableDigest(otherSeed, table)).digest).not.toBe((await tableDigest(first, table)).digest);
    },
  );
});

describe('atomic write', () => {
  it('leaves the previous file intact and no temp file when a run fails midway', async () => {
    const dir = tempDir();
    try {
      const file = join(dir.dir, 'estate.duckdb');
      await writeWorkspace({ ...smallConfig, days: 3 }, file);
      const before = await openWorkspace(file);
      const digest = await tableDigest(before, 'log_sample');
      before.close();
      const failing = writeWorkspace({ ...smallConfig, seed: 'never-written' }, file, (p) => {
        if (p.day === 2) throw new Error('simulated crash');
      });
      await expect(failing).rejects.toThrow('simulated crash');
      expect(readdirSync(dir.dir)).toEqual(['estate.duckdb']);
      const after = await openWorkspace(file);
      expect(await tableDigest(after, 'log_sample')).toEqual(digest);
      after.close();
    } finally {
      dir.cleanup();
    }
  });

  it('replaces a file that is not a workspace at all', async () => {
    const dir = tempDir();
    try {
      const file = join(dir.dir, 'estate.duckdb');
      writeFileSync(file, 'not a database');
      await writeWorkspace({ ...smallConfig, days: 1 }, file);
      const db = await openWorkspace(file);
      const [row] = await db.query<{ days: number }>('select days from workspace');
      expect(row?.days).toBe(1);
      db.close();
      expect(existsSync(`${file}.wal`)).toBe(false);
    } finally {
      dir.cleanup();
    }
  });
});
