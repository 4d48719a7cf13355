// A throwaway PostgreSQL server for tests and benchmarks: a copy of one initdb'd cluster in a temp
// folder owned by the postgres user (Postgres refuses to run as root), pg_ctl on a free port with
// its unix socket in that folder, stopped (and its folder removed) whatever happens, even if the
// process exits early.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';
import { childPids, signal } from './processes.ts';

/** The folder of Postgres's binaries: PG_BIN, else Debian's newest /usr/lib/postgresql/<n>/bin. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'postgres')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], 'bin');
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function quote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Runs a Postgres binary as the postgres user (via su when we are root); rejects with its output. */
function runAsPostgres(binary: string, args: string[]): Promise<void> {
  const [command, argv] = asRoot
    ? ['su', ['postgres', '-s', '/bin/sh', '-c', [binary, ...args].map(quote).join(' ')]]
    : [binary, args];
  return new Promise((done, fail) => {
    execFile(command, argv, { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) fail(new Error(`${binary} ${args.join(' ')} failed: ${stderr || stdout}`, { cause: error }));
      else done();
    });
  });
}

const initdbArgs = [
  '-U',
  'postgres',
  '-A',
  'trust',
  '-E',
  'UTF8',
  '--locale=C',
  '--no-sync',
  '--no-instructions',
];

/**
 * A cluster initdb made once for these binaries (keyed by their path and build) and kept in the
 * temp folder: each new instance copies it (a fraction of initdb's CPU) instead of running initdb.
 * Made in a folder of its own, then renamed into place, so processes racing to make it never see
 * half a cluster.
 */
async function initdbTemplate(bin: string): Promise<string> {
  const build = statSync(join(bin, 'postgres'));
  const key = createHash('sha256')
    .update([bin, build.size, build.mtimeMs, ...initdbArgs].join('\n'))
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `estate-pg-template-${key}`);
  if (existsSync(join(template, 'data', 'PG_VERSION'))) return template;
  const making = mkdtempSync(`${template}.making-`);
  try {
    if (asRoot) chownToPostgres(making);
    await runAsPostgres(join(bin, 'initdb'), ['-D', join(making, 'data'), ...initdbArgs]);
    renameSync(making, template);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // another process made it first
    if (!existsSync(join(template, 'data', 'PG_VERSION'))) throw error;
  }
  return template;
}

/** Copies the template's cluster to `data`, owners and modes kept (Postgres checks both). */
function copyCluster(template: string, data: string): Promise<void> {
  return new Promise((done, fail) => {
    execFile('cp', ['-a', join(template, 'data'), data], (error, _out, stderr) => {
      if (error) fail(new Error(`copying the initdb template failed: ${stderr}`, { cause: error }));
      else done();
    });
  });
}

/** Gives a folder to the postgres user (we are root; Postgres refuses to run as root). */
function chownToPostgres(path: string): void {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(path, id('-u'), id('-g'));
}

/** How to stop: `fast` (clean shutdown) or `immediate` (a crash: no checkpoint, recovery at start). */
export type PostgresStopMode = 'fast' | 'immediate';

/** A throwaway Postgres: its URL, and stop/start to take it away and bring it back mid-test. */
export interface PostgresInstance {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  /** Stops the server; the data stays, so `start` brings the same database back. */
  stop(mode?: PostgresStopMode): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server and its backends: connections stay open, nothing answers. */
  freeze(frozen: boolean): void;
  /** The postmaster's pid and its children's (backends, WAL writer…), e.g. to read their CPU time. */
  pids(): number[];
  /** Creates a new, empty database and returns its URL (one per test keeps tests apart). */
  createDatabase(): Promise<string>;
  /** Stops it (immediately) and removes its folder. */
  destroy(): Promise<void>;
}

const running = new Set<() => void>();
process.once('exit', () => {
  for (const stop of running) stop();
});

/** The postmaster of the cluster in `data` and every process it started (its backends), from /proc. */
function clusterPids(data: string): number[] {
  if (!existsSync(join(data, 'postmaster.pid'))) return [];
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return [postmaster, ...childPids(postmaster)];
}

/** Starts a fresh Postgres in a temp folder on a free port. */
export async function startPostgres(settings: Record<string, string> = {}): Promise<PostgresInstance> {
  const bin = postgresBinDir();
  if (bin === null) throw new Error('No Postgres binaries (set PG_BIN or apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'estate-pg-'));
  const data = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  mkdirSync(socketDir);
  if (asRoot) for (const path of [dir, socketDir]) chownToPostgres(path);
  const port = await freePort();
  const ctl = join(bin, 'pg_ctl');
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=60',
    '-c shared_buffers=32MB',
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const start = () =>
    runAsPostgres(ctl, [
      '-D',
      data,
      '-l',
      join(dir, 'postgres.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  // Synchronous, for the exit hook: a test process that dies leaves no server behind.
  const stopNow = () => {
    const args = [ctl, '-D', data, '-m', 'immediate', 'stop'];
    if (asRoot) spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', args.map(quote).join(' ')]);
    else spawnSync(ctl, args.slice(1));
  };
  let up = false;
  const stop = async (mode: PostgresStopMode = 'fast') => {
    if (!up) return;
    await runAsPostgres(ctl, ['-D', data, '-m', mode, '-w', 'stop']);
    up = false;
    running.delete(stopNow);
  };

  await copyCluster(await initdbTemplate(bin), data);
  const startTracked = async () => {
    if (up) return;
    running.add(stopNow);
    await start();
    up = true;
  };
  await startTracked();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    port,
    stop,
    start: startTracked,
    pids: () => clusterPids(data),
    freeze: (frozen) => {
      for (const pid of clusterPids(data)) signal(pid, frozen ? 'SIGSTOP' : 'SIGCONT');
    },
    createDatabase: async () => {
      const name = `test_${++databases}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    destroy: async () => {
      for (const pid of clusterPids(data)) signal(pid, 'SIGCONT');
      await stop('immediate').catch(() => stopNow());
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
