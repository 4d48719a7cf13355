// `npm run simulate`: runs end to end, prints plain progress off a terminal, refuses bad flags.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWorkspace } from '../../src/node/db.ts';
import { tempDir } from './simulated.ts';

const temp = tempDir();
afterAll(() => temp.cleanup());
const simulate = (args: string[]) =>
  spawnSync(process.execPath, ['simulator/cli.ts', ...args], { encoding: 'utf8' });

describe('npm run simulate', () => {
  it('writes the workspace the flags describe, with plain progress lines when not on a terminal', async () => {
    const out = join(temp.dir, 'cli.duckdb');
    const run = simulate([
      '--seed',
      '7',
      '--as-of',
      '2026-03-01',
      '--days',
      '2',
      '--scale',
      '0.01',
      '--out',
      out,
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/day 2\/2: \d+ log rows/);
    expect(run.stdout).toMatch(/Wrote .*cli\.duckdb/);
    const db = await openWorkspace(out);
    expect(
      await db.query(
        'select seed, as_of::varchar as as_of, days, scale, period_start::varchar as period_start from workspace',
      ),
    ).toEqual([{ seed: '7', as_of: '2026-03-01', days: 2, scale: 0.01, period_start: '2026-02-27' }]);
    expect(
      await db.query('select min(day)::varchar as first, max(day)::varchar as last from log_sample'),
    ).toEqual([{ first: '2026-02-27', last: '2026-02-28' }]);
    db.close();
  });

  it('refuses a bad flag with the usage line and exit code 2, writing nothing', () => {
    const out = join(temp.dir, 'never.duckdb');
    const run = simulate(['--days', 'many', '--out', out]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--days must be an integer/);
    expect(run.stderr).toMatch(/\(npm run simulate -- --help\)$/m);
    expect(existsSync(out)).toBe(false);
  });
});
