// A workspace file knows which simulator sources wrote it, so ensure-data can tell a stale file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceFiles, sourcesDigest, workspaceState } from '../../simulator/sources.ts';
import { writeWorkspace } from '../../simulator/writer.ts';
import { smallConfig, tempDir } from './simulated.ts';

describe('workspaceState', () => {
  const temp = tempDir();
  const file = join(temp.dir, 'estate.duckdb');
  const config = { ...smallConfig, seed: 'sources-test', days: 3 };
  beforeAll(() => writeWorkspace(config, file));
  afterAll(() => temp.cleanup());

  it('calls a file that does not exist missing', async () => {
    expect(await workspaceState(join(temp.dir, 'absent.duckdb'))).toEqual({ state: 'missing' });
  });

  it('calls a file written by the current sources current', async () => {
    expect(await workspaceState(file)).toEqual({ state: 'current' });
  });

  it('calls a file written by other sources stale, with the config to write it again', async () => {
    expect(await workspaceState(file, 'a-different-digest')).toEqual({ state: 'stale', config });
  });

  it('calls a file that is not a readable workspace stale, with no config', async () => {
    const junk = join(temp.dir, 'junk.duckdb');
    writeFileSync(junk, 'not a database');
    expect(await workspaceState(junk)).toEqual({ state: 'stale', config: undefined });
  });

  it('digests the User-Agent classifier too, since it decides the log sample’s caller kinds', () => {
    expect(sourceFiles().map((file) => file.replaceAll('\\', '/'))).toContainEqual(
      expect.stringMatching(/\/src\/lib\/caller-kind\.ts$/),
    );
  });

  it('digests the sources deterministically', () => {
    expect(sourcesDigest()).toMatch(/^[0-9a-f]{64}$/);
    expect(sourcesDigest()).toBe(sourcesDigest());
  });
});
