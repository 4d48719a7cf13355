// `npm run manage:key`: a name holds to the API's own rule (it is shown in the console and typed
// back to confirm), so the CLI cannot store one the API would refuse (found from outside: a zero-
// width space, a bidirectional override and a tab were stored).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'estate-manage-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (journal: string, ...args: string[]) =>
  spawnSync(process.execPath, ['scripts/manage/create-key.ts', ...args], {
    env: { ...process.env, ESTATE_ISSUED_KEYS: journal, DATABASE_URL: '' },
    encoding: 'utf8',
  });

describe('npm run manage:key --name', () => {
  it.each(['deploy\u200bbot', 'deploy\u202ebot', 'deploy\tbot', 'deploy bot\u2800'])(
    'refuses %j and writes nothing',
    (name) => {
      const journal = join(dir, `refused-${name.length}-${name.codePointAt(6)}.jsonl`);
      const cli = run(journal, '--name', name, '--scopes', 'audit:read');
      expect(cli.status).toBe(2);
      expect(cli.stderr).toContain('invisible characters');
      expect(existsSync(journal) ? readFileSync(journal, 'utf8') : '').toBe('');
    },
  );

  it('creates a key with a name the API takes', () => {
    const journal = join(dir, 'created.jsonl');
    const cli = run(journal, '--name', 'deploy bot', '--scopes', 'audit:read');
    expect(cli.status).toBe(0);
    expect(cli.stdout.trim()).toMatch(/^mk_/);
    expect(readFileSync(journal, 'utf8')).toContain('"name":"deploy bot"');
  });
});
