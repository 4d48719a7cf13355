// `npm run operators`: adds, lists, re-roles, re-tokens and removes console operators in the
// management journal, each change with its audit entry (the actor `cli`); a token is printed once
// and stored only as its hash; the last admin is kept unless --leave-no-admin; bad input is one
// line on stderr and exit code 2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalOperators } from '../../harness/operators.ts';
import { tokenHash } from '../../server/operators/operators.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-operators-cli-'));
const file = join(dir, 'issued-keys.jsonl');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function operators(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/operators.ts', ...args], {
    env: { ...process.env, ESTATE_ISSUED_KEYS: file, ESTATE_OPERATORS: '', DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

const tokenOf = (stdout: string) => /^(ecop_[A-Za-z0-9_-]{43})$/m.exec(stdout)?.[1] ?? '';

describe('npm run operators', () => {
  it('adds an operator, prints the token once and stores only its hash (owner-only journal), audited', async () => {
    const added = operators('add', 'Ada Lovelace', '--role', 'operator');
    expect(added.stderr).toBe('');
    expect(added.stdout).toMatch(/^Added op_\w+ \(Ada Lovelace, operator\)\./);
    const token = tokenOf(added.stdout);
    expect(token).not.toBe('');
    expect(readFileSync(file, 'utf8')).not.toContain(token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const found = await journalOperators(file).byTokenHash(tokenHash(token));
    expect(found).toMatchObject({ name: 'Ada Lovelace', role: 'operator' });
    const entry = (JSON.parse(readFileSync(file, 'utf8').trim()) as { entry: object }).entry;
    expect(entry).toMatchObject({
      action: 'operator.add',
      actor: { type: 'cli', id: expect.stringMatching(/^cli:/) as unknown },
      target: { type: 'operator', name: 'Ada Lovelace' },
      user_agent: 'estate-cli',
    });
  });

  it('lists operators without their hashes, changes a role, re-tokens and removes', async () => {
    const list = JSON.parse(operators('list', '--json').stdout) as Record<string, string>[];
    expect(list).toEqual([
      {
        operator_id: expect.stringMatching(/^op_/) as unknown,
        name: 'Ada Lovelace',
        role: 'operator',
        created_at: expect.any(String) as unknown,
      },
    ]);
    expect(operators('role', 'ada lovelace', 'admin').stdout).toMatch(/is now admin/);
    const reissued = operators('token', list[0]?.operator_id ?? '');
    const directory = journalOperators(file);
    expect(await directory.byTokenHash(tokenHash(tokenOf(reissued.stdout)))).toMatchObject({ role: 'admin' });
    // The last admin stays, unless asked: without one the console would open to anyone.
    for (const [args, after] of [
      [['remove', 'Ada Lovelace'], 'no operator would be left'],
      [['role', 'Ada', 'viewer'], 'no one could manage operators'],
    ] as const) {
      const refused = operators(...args);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(
        new RegExp(`Ada Lovelace is the last admin: ${after}.*--leave-no-admin`),
      );
    }
    expect(operators('remove', 'Ada Lovelace', '--leave-no-admin').stdout).toMatch(
      /^Removed op_\w+ \(Ada Lovelace\)/,
    );
    expect(JSON.parse(operators('list', '--json').stdout)).toEqual([]);
  });

  it.each([
    ['an unknown role', ['add', 'Bob', '--role', 'root'], /a role is one of viewer, operator, admin/],
    ['no role', ['add', 'Bob'], /--role/],
    ['a name taken (any case)', ['add', 'BOB', '--role', 'viewer'], /exists already/],
    ['an unknown operator', ['remove', 'nobody'], /no operator is named/],
    ['an unknown command', ['promote', 'Bob'], /unknown command "promote"/],
    ['a control character in a name', ['add', 'Eve\u001b[31m', '--role', 'viewer'], /control characters/],
  ])('refuses %s with one line and exit code 2', (_name, args, message) => {
    if (args[1] === 'BOB') operators('add', 'bob', '--role', 'viewer');
    const result = operators(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
