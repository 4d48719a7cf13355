// `npm run sql`: one query in each format, an interactive session, errors; read-only throughout.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWorkspace } from '../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../src/lib/db.ts';
import { smallConfig, tempDir } from './simulated.ts';

const temp = tempDir();
const file = join(temp.dir, 'estate.duckdb');
let reader: Workspace;
beforeAll(async () => {
  await writeWorkspace({ ...smallConfig, days: 2, scale: 0.01 }, file);
  // Held open for the whole file: the CLI must work beside another reader (the console server).
  reader = await openWorkspace(file);
});
afterAll(() => {
  reader.close();
  temp.cleanup();
});
const sql = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['simulator/sql-cli.ts', '--file', file, ...args], { encoding: 'utf8', input });
const query = "select plan, default_rpm_budget from plans where plan in ('Growth', 'Sandbox') order by plan";

describe('npm run sql', () => {
  it.each([
    [
      'table',
      'plan     default_rpm_budget\n-------  ------------------\nGrowth                 1200\nSandbox                  60\n(2 rows)\n',
    ],
    ['csv', 'plan,default_rpm_budget\nGrowth,1200\nSandbox,60\n'],
    [
      'json',
      `${JSON.stringify(
        [
          { plan: 'Growth', default_rpm_budget: 1200 },
          { plan: 'Sandbox', default_rpm_budget: 60 },
        ],
        null,
        2,
      )}\n`,
    ],
  ])('prints --format %s', (format, expected) => {
    const run = sql(['--format', format, query]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(expected);
  });

  it('answers queries typed at the prompt until .quit', () => {
    const run = sql(
      [],
      "select count(*)::integer as n\nfrom thresholds;\n.tables\n.quit\nselect 'never run';\n",
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/n\n-\n1\n\(1 row\)/);
    expect(run.stdout).toMatch(/log_sample\s+BASE TABLE/);
    expect(run.stdout).not.toMatch(/never run/);
  });

  it('reports a bad query and exits 1', () => {
    const run = sql(['select * from no_such_table']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no_such_table/);
  });

  it('cannot write: the file is opened read-only', () => {
    const run = sql(['delete from plans']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/read-only/i);
  });
});
