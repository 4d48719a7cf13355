// The servers `npm run bench -- orders` loads: bare node:http (the baseline), the production server
// on its embedded stores, and the production server on Postgres + Redis with one or more workers.
// Each target says which processes are ours and which are the engines', so CPU can be read from
// /proc for both.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { postgresBinDir, startPostgres, type PostgresInstance } from '../scripts/engines/postgres.ts';
import { childPids } from '../scripts/engines/processes.ts';
import { redisServerBinary, startRedis, type RedisInstance } from '../scripts/engines/redis.ts';
import type { ServerFiles } from '../harness/fixture-workspace.ts';
import { killServer, spawnListening, spawnServer } from '../harness/spawn-server.ts';

/** A running server to load: where it answers, its processes and the engines', and how to stop it. */
export interface Target {
  url: string;
  /** Our processes: the server, or a primary and its workers. */
  pids(): number[];
  /** The engines' processes (Postgres's postmaster and backends, Redis), if any. */
  enginePids(): number[];
  stop(): Promise<void>;
}

/** A kind of server: a row of the table, started afresh for each round. */
export interface TargetKind {
  name: string;
  start(round: number): Promise<Target>;
  /** A production server measured with no webhook endpoint subscribed (default: one is). */
  noEndpoint?: true;
}

const bareSource = `
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { res.writeHead(400).end(); return; }
    const ok = body && typeof body.customer === 'string' && Array.isArray(body.lines) && body.lines.length > 0 &&
      body.lines.every((l) => l && typeof l.sku === 'string' && Number.isInteger(l.qty) && l.qty > 0);
    if (!ok) { res.writeHead(422).end(); return; }
    const out = JSON.stringify({ id: 'ord_' + randomUUID(), customer: body.customer, lines: body.lines, invoice: null, events: ['order.created'] });
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
  });
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/v2/orders'));
`;

/** A node:http server that only parses JSON and validates by hand: the baseline. */
export const bare: TargetKind = {
  name: 'bare node:http',
  async start() {
    const server = await spawnListening(
      ['--input-type=module', '-e', bareSource],
      {},
      /(http:\/\/\S+)\/v2\/orders/,
    );
    return {
      url: `${server.url}/v2/orders`,
      pids: () => [server.child.pid ?? 0],
      enginePids: () => [],
      stop: () => killServer(server),
    };
  },
};

const receiverSource = `
import { createServer } from 'node:http';
let deliveries = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'GET') { res.writeHead(200, { 'content-type': 'text/plain' }).end(String(deliveries)); return; }
    deliveries++;
    res.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/hooks'));
`;

/** A webhook receiver in a process of its own: answers every delivery 204 and counts them. */
export interface BenchReceiver {
  url: string;
  pid: number;
  /** Deliveries received so far. */
  deliveries(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the receiver the production servers' subscribed endpoint delivers to. */
export async function startBenchReceiver(): Promise<BenchReceiver> {
  const receiver = await spawnListening(
    ['--input-type=module', '-e', receiverSource],
    {},
    /(http:\/\/\S+\/hooks)/,
  );
  return {
    url: receiver.url,
    pid: receiver.child.pid ?? 0,
    deliveries: async () => Number(await (await fetch(receiver.url)).text()),
    stop: () => killServer(receiver),
  };
}

/**
 * The production server on its embedded stores, each round with a journal and a request log of its
 * own; `log: 'off'` runs it without the request log, to show what the log costs, and
 * `endpoint: false` has it measured with no webhook endpoint subscribed (the request path alone).
 */
export function embedded(
  files: ServerFiles,
  {
    log = 'on',
    endpoint = true,
    hold = true,
  }: { log?: 'on' | 'off'; endpoint?: boolean; hold?: boolean } = {},
): TargetKind {
  const name = `server, embedded stores${log === 'off' ? ', request log off' : ''}`;
  return {
    name: !endpoint ? `${name}, no endpoint` : hold ? name : `${name}, deliveries not held`,
    ...(endpoint ? {} : { noEndpoint: true }),
    async start(round) {
      const dir = join(
        files.dir,
        `embedded-log-${log}${endpoint ? '' : '-quiet'}${hold ? '' : '-now'}-${round}`,
      );
      const env = { ESTATE_REQUEST_LOG: log, ESTATE_REQUEST_LOG_DIR: join(dir, 'requests') };
      const server = await spawnServer(
        { ...files, ordersDir: join(dir, 'orders') },
        { env: hold ? env : { ...env, ESTATE_WEBHOOKS_BURST_WAIT_MS: '0' } },
      );
      return {
        url: `${server.baseUrl}/v2/orders`,
        pids: () => [server.child.pid ?? 0],
        enginePids: () => [],
        stop: () => killServer(server),
      };
    },
  };
}

/** Throwaway Postgres and Redis for the benchmark's engine rows. */
export interface BenchEngines {
  postgres: PostgresInstance;
  redis: RedisInstance;
  close(): Promise<void>;
}

/** Starts Postgres and Redis, or says (one line) why the engine rows cannot run here. */
export async function startBenchEngines(): Promise<BenchEngines | string> {
  const missing = [
    postgresBinDir() === null ? 'Postgres (apt-get install postgresql, or PG_BIN)' : null,
    redisServerBinary() === null ? 'Redis (apt-get install redis-server, or REDIS_SERVER)' : null,
  ].filter((m) => m !== null);
  if (missing.length > 0) return `no ${missing.join(' and no ')}`;
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  return {
    postgres,
    redis,
    close: async () => {
      await Promise.all([postgres.destroy(), redis.destroy()]);
    },
  };
}

/**
 * A fresh Postgres database holding `files`' issued keys (the benchmark key): on Postgres the key
 * registry lives in the database, so the file is imported as an operator would (`keys:import`).
 */
async function databaseWithKeys(engines: BenchEngines, files: ServerFiles): Promise<string> {
  const url = await engines.postgres.createDatabase();
  const imported = spawnSync(process.execPath, ['scripts/manage/import-keys.ts', files.issuedKeysFile], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  if (imported.status !== 0) throw new Error(`keys:import failed: ${imported.stderr || imported.stdout}`);
  return url;
}

/** The production server on Postgres + Redis with `workers` processes, each round on a fresh database. */
export function onEngines(
  files: ServerFiles,
  engines: BenchEngines,
  workers: number,
  { endpoint = true }: { endpoint?: boolean } = {},
): TargetKind {
  const name = `server, Postgres + Redis, ${workers} worker${workers === 1 ? '' : 's'}`;
  return {
    name: endpoint ? name : `${name}, no endpoint`,
    ...(endpoint ? {} : { noEndpoint: true }),
    async start(round) {
      const env = {
        DATABASE_URL: await databaseWithKeys(engines, files),
        REDIS_URL: `${engines.redis.url}/${(round % 15) + 1}`,
      };
      const args = workers === 1 ? [] : ['--workers', String(workers)];
      const server = await spawnServer(
        { ...files, ordersDir: join(files.dir, `orders-${workers}${endpoint ? '' : '-quiet'}-${round}`) },
        { env, args },
      );
      const primary = server.child.pid ?? 0;
      const redisPid = () => [engines.redis.pid()].filter((pid): pid is number => pid !== undefined);
      return {
        url: `${server.baseUrl}/v2/orders`,
        pids: () => [primary, ...(workers === 1 ? [] : childPids(primary))],
        enginePids: () => [...engines.postgres.pids(), ...redisPid()],
        stop: () => killServer(server),
      };
    },
  };
}
