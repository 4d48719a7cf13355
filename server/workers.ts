// Several server processes on one port (node:cluster): `--workers N` or WEB_CONCURRENCY=N. The
// primary only supervises: it forks the workers (each a whole server: console and API, each with
// its own SO_REUSEPORT socket), says where they listen once all do, starts another when one dies,
// and passes SIGTERM/SIGINT on. Workers share state only through Postgres and Redis, so the
// embedded stores (the journal and in-memory limits belong to one process) refuse to run as workers.
import cluster, { type Worker } from 'node:cluster';
import { parseCliArgs, UsageError } from '../scripts/lib/cli-args.ts';
import { serverCli } from './server-args.ts';
import { sharedAcrossProcesses, type EngineUrls } from './stores/select.ts';

/**
 * The number of server processes: `--workers N` (or `--workers=N`), else WEB_CONCURRENCY, else 1.
 * Throws UsageError (scripts/lib/cli-args.ts) on any argument the server does not accept.
 */
export function workerCount(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const { values } = parseCliArgs(serverCli, argv);
  const [source, raw] =
    values.workers !== undefined ? ['--workers', values.workers] : ['WEB_CONCURRENCY', env.WEB_CONCURRENCY];
  if (raw === undefined || raw.trim() === '') return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new UsageError(`${source} must be a whole number from 1 to 256, not "${raw}"`);
  return count;
}

/** Why `count` workers cannot run on the stores `urls` select (one line), or null if they can. */
export function workersRefusal(count: number, urls: EngineUrls): string | null {
  if (count === 1 || sharedAcrossProcesses(urls)) return null;
  const local = [
    urls.databaseUrl ? null : 'the order journal',
    urls.redisUrl ? null : 'in-memory rate limits, quotas and idempotency keys',
  ];
  const missing = [
    urls.databaseUrl ? null : 'DATABASE_URL=postgres://…',
    urls.redisUrl ? null : 'REDIS_URL=redis://…',
  ];
  const join = (parts: (string | null)[]) => parts.filter((p) => p !== null).join(' and ');
  return `Refusing ${count} workers: ${join(local)} cannot be shared between processes; set ${join(missing)}, or run one process.`;
}

/** A worker's address as the primary learns it. */
export type Announce = (port: number) => void;

/** What a worker tells the primary once it listens. */
interface ListeningMessage {
  estateListening: number;
}

function isListening(message: unknown): message is ListeningMessage {
  return typeof (message as Partial<ListeningMessage> | null)?.estateListening === 'number';
}

/** Tells the primary this worker listens on `port` (its own SO_REUSEPORT socket, so cluster cannot see it). */
export function reportListening(port: number): void {
  const message: ListeningMessage = { estateListening: port };
  process.send?.(message);
}

/** How long the primary waits before replacing a worker that died before it listened: 1 s, doubling to 30 s. */
const restartBackoffMs = { first: 1_000, max: 30_000 };

/**
 * Forks `count` workers of this script and supervises them: `announce` once all listen. Before
 * that, a worker that dies (bad configuration) ends the primary with its exit code, as a failing
 * single process would. After it, every worker that dies is replaced: at once if it was serving,
 * after a growing pause if it died while starting, so a broken start cannot spin the primary.
 *
 * Each worker binds its own socket on the port with SO_REUSEPORT, so the kernel spreads connections
 * and a killed worker's queue dies with it (node's round-robin would hand a connection to a worker
 * that just died, and the client would wait forever). With `port` 0 the first worker picks a free
 * port, and every other worker, replacements included, binds that one.
 */
export function superviseWorkers(count: number, port: number, announce: Announce): void {
  const listening = new Set<Worker>();
  let boundPort = port;
  let announced = false;
  let stopping = false;
  let backoffMs = restartBackoffMs.first;
  const pending = new Set<NodeJS.Timeout>();
  const fork = () => cluster.fork({ PORT: String(boundPort) });
  cluster.on('message', (worker, message: unknown) => {
    if (!isListening(message)) return;
    listening.add(worker);
    backoffMs = restartBackoffMs.first;
    if (boundPort === 0) {
      boundPort = message.estateListening;
      for (let i = 1; i < count; i++) fork();
    }
    if (!announced && listening.size === count) {
      announced = true;
      announce(boundPort);
    }
  });
  const alive = () =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  const stopAll = () => {
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    for (const worker of alive()) worker.process.kill('SIGTERM');
  };
  const forkLater = (ms: number) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, ms);
    pending.add(timer);
  };
  cluster.on('exit', (worker, code, signal) => {
    const listened = listening.delete(worker);
    const how = `${worker.process.pid} ${listened ? 'died' : 'exited before it listened'} (${signal ?? code})`;
    if (!stopping && listened) {
      console.error(`Worker ${how}; starting another.`);
      fork();
      return;
    }
    if (!stopping && announced) {
      console.error(`Worker ${how}; starting another in ${backoffMs / 1000} s.`);
      forkLater(backoffMs);
      backoffMs = Math.min(backoffMs * 2, restartBackoffMs.max);
      return;
    }
    if (!stopping) {
      console.error(`Worker ${how}; stopping.`);
      process.exitCode = code || 1;
      stopAll();
    }
    if (alive().length === 0) process.exit();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stopAll);
  for (let i = 0; i < (port === 0 ? 1 : count); i++) fork();
}
