// `npm start` mistakes are said in one line before anything is built: `--help` prints usage (exit
// 0), a bad option is refused by the shared CLI parser (exit 2), and a data folder another server
// holds is named with its process (exit 1), not found out by the server after a 20 s build.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { serverArgs } from '../../harness/spawn-server.ts';

/** Runs a script as `npm start` would; a build would outlast the time-out, so nothing may build. */
function runScript(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = execFile(
      process.execPath,
      args,
      { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 20_000 },
      (_error, stdout, stderr) => done({ status: child.exitCode, stdout, stderr }),
    );
  });
}

/** Another process holding the lock on `dir` (the server that runs already), and its pid. */
async function holdFolder(dir: string): Promise<ChildProcess & { pid: number }> {
  const lock = resolve('server/folder-lock.ts');
  const script = `const { lockFolder } = await import(${JSON.stringify(lock)});
    await lockFolder(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done) => createInterface({ input: child.stdout }).once('line', () => done()));
  return child as ChildProcess & { pid: number };
}

describe('npm start', { timeout: 30_000 }, () => {
  const folders: string[] = [];
  const holders: ChildProcess[] = [];
  afterEach(() => {
    for (const holder of holders.splice(0)) holder.kill('SIGKILL');
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('prints its usage for --help, before building anything', async () => {
    const result = await runScript(['scripts/start.ts', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm start/);
    expect(result.stdout).toContain('--workers');
    expect(result.stderr).toBe('');
  });

  it.each([
    [
      '--workers -5',
      ['--workers', '-5'],
      'npm start: --workers must be a whole number from 1 to 256, not "-5" (npm start -- --help)',
    ],
    ['an unknown option', ['--wrokers', '2'], 'npm start: unknown option --wrokers (npm start -- --help)'],
  ])('refuses %s in one line, before building anything', async (_, args, line) => {
    const result = await runScript(['scripts/start.ts', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(line);
    expect(result.stdout).toBe('');
  });

  it('refuses more than one worker without the shared stores in one line, before building', async () => {
    const result = await runScript(['scripts/start.ts', '--workers', '2'], {
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^npm start: Refusing 2 workers: .* set DATABASE_URL=postgres:\/\/… and REDIS_URL=redis:\/\/…, or run one process\.$/,
    );
    expect(result.stdout).toBe('');
  });

  it('refuses a data folder another server holds in one line, naming it, before building', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estate-start-'));
    folders.push(dir);
    const holder = await holdFolder(dir);
    holders.push(holder);
    const result = await runScript(['scripts/start.ts'], { ESTATE_ORDERS_DIR: dir });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `npm start: ${dir} is in use by process ${holder.pid}: one Orders API process per orders folder`,
    );
    expect(result.stdout).toBe('');
  });

  it('has the server itself say a held folder in one line, with no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estate-start-'));
    folders.push(dir);
    const holder = await holdFolder(dir);
    holders.push(holder);
    const result = await runScript(serverArgs, { ESTATE_ORDERS_DIR: dir, ESTATE_CONSOLE: 'off', PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `${dir} is in use by process ${holder.pid}: one Orders API process per orders folder`,
    );
  });
});
