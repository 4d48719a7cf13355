// CI fails when `npm install` rewrites the committed package-lock.json, and says why: a clean
// checkout must stay clean (issue 21, house item 6).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = resolve('scripts/lockfile-unchanged.ts');
const repo = mkdtempSync(join(tmpdir(), 'lockfile-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
git('init', '-q');
git('config', 'user.email', 'ci@example.com');
git('config', 'user.name', 'ci');
writeFileSync(join(repo, 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
git('add', 'package-lock.json');
git('commit', '-qm', 'lockfile');

const check = () => spawnSync(process.execPath, [script], { cwd: repo, encoding: 'utf8' });

describe('scripts/lockfile-unchanged.ts', () => {
  it('passes while the lockfile is as committed', () => {
    expect(check().status).toBe(0);
  });

  it('fails, naming the file and what to do, when npm install rewrote it', () => {
    writeFileSync(join(repo, 'package-lock.json'), '{ "lockfileVersion": 3, "packages": {} }\n');
    const result = check();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm install rewrote package-lock.json');
    expect(result.stderr).toContain('commit');
  });
});

describe('.ci/run', () => {
  it('runs the check after npm install and before the tests', () => {
    const lines = readFileSync('.ci/run', 'utf8').split('\n');
    const install = lines.findIndex((line) => line.startsWith('npm install'));
    const lockfile = lines.findIndex((line) => line.includes('scripts/lockfile-unchanged.ts'));
    const tests = lines.findIndex((line) => line.startsWith('npm test'));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(lockfile).toBeGreaterThan(install);
    expect(tests).toBeGreaterThan(lockfile);
  });
});
