// `npm run keys:import` checks the whole file before it writes anything: a line that is neither a
// key line nor a change (torn or altered), or a chain that does not verify, is refused with exit
// code 2, naming the line, and nothing is imported; the clean file then imports in full.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { postgresSql } from '../../../server/stores/postgres/sql.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { depsOver, freshStore, managementKey, previewAndApply } from '../../manage/fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'keys-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An embedded journal with a management key, two issued keys and a revoke: five change lines. */
async function journal(): Promise<string> {
  const file = join(dir, 'issued-keys.jsonl');
  const embedded = depsOver(freshStore('journal', file));
  const token = await managementKey(embedded);
  const issued = await previewAndApply(embedded, 'POST', '/keys', { name: 'one' }, { token });
  await previewAndApply(embedded, 'POST', '/keys', { name: 'two' }, { token });
  const { key_id: id } = issued.applied.body.after as { key_id: string };
  await previewAndApply(embedded, 'POST', `/keys/${id}/revoke`, {}, { token });
  await embedded.store.close();
  return file;
}

describe.runIf(enginesAvailable())('npm run keys:import', () => {
  const engines = useEngines();

  it('refuses a torn or altered file, naming the line, and imports nothing; the clean file imports', async () => {
    const file = await journal();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const url = await engines.postgres().createDatabase();
    const run = (path: string) =>
      spawnSync(process.execPath, ['scripts/manage/import-keys.ts', path], {
        env: { ...process.env, DATABASE_URL: url },
        encoding: 'utf8',
      });
    const variant = (name: string, edit: (ls: string[]) => string[]) => {
      const path = join(dir, name);
      writeFileSync(path, `${edit([...lines]).join('\n')}\n`);
      return path;
    };
    const foreign = run(variant('foreign.jsonl', (ls) => [...ls, 'this is not json']));
    expect(foreign.status).toBe(2);
    expect(foreign.stderr).toContain(`line ${lines.length + 1} is neither a key line nor a change`);
    // The revoke, cut short: a reader skipping it would let the revoked key in again.
    const torn = run(
      variant('torn.jsonl', (ls) => ls.map((l, i) => (i === ls.length - 1 ? l.slice(0, 200) : l))),
    );
    expect(torn.status).toBe(2);
    expect(torn.stderr).toMatch(/is neither a key line nor a change \(torn or altered\); nothing imported/);
    const db = new PostgresDatabase(url);
    try {
      const [count] = await db.query<{ rows: number }>('manage_count', postgresSql('manage_count'), []);
      expect(count?.rows).toBe(0);
    } finally {
      await db.close();
    }
    const clean = run(file);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toMatch(new RegExp(`^Imported ${lines.length} lines`));
  });
});
