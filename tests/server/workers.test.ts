// Several processes on one port: how many (--workers N, WEB_CONCURRENCY=N), and a clear one-line
// refusal, with a non-zero exit, when the stores cannot be shared between processes.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerCount, workersRefusal } from '../../server/workers.ts';
import { fixtureWorld } from '../../harness/fixture-world.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../harness/fixture-workspace.ts';
import { serverArgs, serverEnv } from '../../harness/spawn-server.ts';

describe('workerCount', () => {
  it.each([
    ['nothing', [], {}, 1],
    ['--workers 3', ['--workers', '3'], {}, 3],
    ['--workers=2', ['--workers=2'], {}, 2],
    ['WEB_CONCURRENCY=4', [], { WEB_CONCURRENCY: '4' }, 4],
    ['--workers over WEB_CONCURRENCY', ['--workers', '2'], { WEB_CONCURRENCY: '8' }, 2],
    ['an empty WEB_CONCURRENCY', [], { WEB_CONCURRENCY: '' }, 1],
  ])('%s', (_, argv, env, count) => {
    expect(workerCount(argv, env)).toBe(count);
  });

  it.each([
    ['--workers 0', ['--workers', '0'], {}, '--workers must be a whole number from 1 to 256, not "0"'],
    ['--workers two', ['--workers', 'two'], {}, '--workers must be a whole number'],
    ['WEB_CONCURRENCY=1.5', [], { WEB_CONCURRENCY: '1.5' }, 'WEB_CONCURRENCY must be a whole number'],
    ['an unknown flag', ['--wrokers', '2'], {}, 'unknown option --wrokers'],
    // node's parseArgs read "-5" as an option and said "ambiguous"; the shared parser takes it as the value.
    ['--workers -5', ['--workers', '-5'], {}, '--workers must be a whole number from 1 to 256, not "-5"'],
    ['--workers=-5', ['--workers=-5'], {}, '--workers must be a whole number from 1 to 256, not "-5"'],
  ])('refuses %s', (_, argv, env, message) => {
    expect(() => workerCount(argv, env)).toThrow(message);
  });
});

describe('workersRefusal', () => {
  const database = 'postgres://db/estate';
  const redis = 'redis://cache';
  it.each([
    ['one process on the embedded stores', 1, {}, null],
    ['workers on Postgres and Redis', 4, { databaseUrl: database, redisUrl: redis }, null],
    [
      'workers on the embedded stores',
      2,
      {},
      'Refusing 2 workers: the order journal and in-memory rate limits, quotas and idempotency keys cannot be shared between processes; set DATABASE_URL=postgres://… and REDIS_URL=redis://…, or run one process.',
    ],
    [
      'workers with limits in memory',
      2,
      { databaseUrl: database },
      'Refusing 2 workers: in-memory rate limits, quotas and idempotency keys cannot be shared between processes; set REDIS_URL=redis://…, or run one process.',
    ],
    [
      'workers with orders in the journal',
      3,
      { redisUrl: redis },
      'Refusing 3 workers: the order journal cannot be shared between processes; set DATABASE_URL=postgres://…, or run one process.',
    ],
  ])('%s', (_, count, urls, refusal) => {
    expect(workersRefusal(count, urls)).toBe(refusal);
  });
});

describe('the server asked for workers on the embedded stores', () => {
  let files: ServerFiles;
  beforeAll(async () => {
    files = await writeFixtureWorkspace(fixtureWorld);
  });
  afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

  it.each([
    ['--workers 2', ['--workers', '2'], {}],
    ['WEB_CONCURRENCY=2', [], { WEB_CONCURRENCY: '2' }],
  ])('refuses %s in one line and exits non-zero, before it listens', (_, argv, env) => {
    const run = spawnSync(process.execPath, [...serverArgs, ...argv], {
      env: { ...process.env, ...serverEnv(files), DATABASE_URL: '', REDIS_URL: '', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Refusing 2 workers: .*DATABASE_URL/),
    ]);
  });
});
