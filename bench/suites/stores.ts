// The shared stores on their own, on throwaway engines (Postgres with fsync on, as deployed):
// - Postgres group commit: PostgresOrderStore gathering concurrent creates into multi-row INSERTs,
//   against the same store sending one INSERT per order through the same pool, in the same run;
// - Redis: the two scripts every create runs (rpm window, plan quota), against a bare PING.
// Closed loops of 64 concurrent callers; rounds alternate which side goes first; medians reported.
import { randomBytes } from 'node:crypto';
import type { StoredOrder } from '../../src/api/orders/deps.ts';
import { PostgresDatabase } from '../../server/stores/postgres/database.ts';
import { PostgresOrderStore, postgresGroupCommit } from '../../server/stores/postgres/order-store.ts';
import { RedisConnection } from '../../server/stores/redis/connection.ts';
import { RedisQuota } from '../../server/stores/redis/quota.ts';
import { RedisRateLimiter } from '../../server/stores/redis/rate-limit.ts';
import { startPostgres } from '../../scripts/engines/postgres.ts';
import { startRedis } from '../../scripts/engines/redis.ts';
import { median, processCpuMs } from '../process-stats.ts';
import type { BenchSuite } from '../run.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const callers = 64;

/** One side of a round: operations per second, p99 latency, CPU per operation here and in the engine. */
interface Figures {
  opsPerSecond: number;
  p99Ms: number;
  ourCpuUs: number;
  engineCpuUs: number;
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);

/** Runs `op` in `callers` closed loops for `seconds` (after a short warm-up) and measures it. */
async function closedLoop(op: () => Promise<unknown>, enginePids: () => number[]): Promise<Figures> {
  const run = async (ms: number) => {
    const latencies: number[] = [];
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          await op();
          latencies.push(performance.now() - start);
        }
      }),
    );
    return latencies;
  };
  await run(500);
  const pids = enginePids();
  const [engineBefore, ours] = [cpuOf(pids), process.cpuUsage()];
  const latencies = await run(seconds * 1000);
  const ourUs = process.cpuUsage(ours);
  const engineMs = cpuOf(pids) - engineBefore;
  latencies.sort((a, b) => a - b);
  return {
    opsPerSecond: latencies.length / seconds,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    ourCpuUs: (ourUs.user + ourUs.system) / latencies.length,
    engineCpuUs: (engineMs * 1000) / latencies.length,
  };
}

let sequence = 0;
const order = (): StoredOrder => ({
  id: `ord_${randomBytes(12).toString('hex')}`,
  customer: 'cus_acme',
  lines: [{ sku: 'sku_widget', qty: 2 }],
  livemode: false,
  created_at: new Date().toISOString(),
  key_id: `key_${++sequence % 100}`,
  environment: 'sandbox',
  idempotency_key: null,
  request_sha256: null,
});

/** Measures both sides `rounds` times, alternating which goes first, and prints a table. */
async function compare(
  title: string,
  ours: () => Promise<Figures>,
  base: () => Promise<Figures>,
  names: [string, string],
) {
  const results: [Figures, Figures][] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const a = await ours();
      results.push([a, await base()]);
    } else {
      const b = await base();
      results.push([await ours(), b]);
    }
  }
  const col = (side: 0 | 1, pick: (f: Figures) => number) => median(results.map((r) => pick(r[side])));
  console.log(`\n${title} (median of ${rounds} rounds, ${seconds} s each, ${callers} concurrent callers)\n`);
  console.log('| side | ops/s | ratio | p99 ms | CPU µs/op here | CPU µs/op engine |');
  console.log('|---|---|---|---|---|---|');
  const ratio = median(results.map(([a, b]) => a.opsPerSecond / b.opsPerSecond));
  for (const [side, name] of [
    [0, names[0]],
    [1, names[1]],
  ] as const) {
    console.log(
      `| ${name} | ${Math.round(col(side, (f) => f.opsPerSecond))} | ${side === 0 ? ratio.toFixed(2) : '1.00'} | ${col(side, (f) => f.p99Ms).toFixed(1)} | ${col(side, (f) => f.ourCpuUs).toFixed(1)} | ${col(side, (f) => f.engineCpuUs).toFixed(1)} |`,
    );
  }
}

/** The shared stores suite. */
export const suite: BenchSuite = {
  name: 'stores: Postgres group commit and Redis scripts',
  async run() {
    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const db = new PostgresDatabase(await postgres.createDatabase());
    const connection = new RedisConnection(redis.url);
    try {
      const grouped = new PostgresOrderStore(db);
      const single = new PostgresOrderStore(db, {
        gatherTurns: 0,
        batchTarget: 1,
        maxBatch: 1,
        inFlight: postgresGroupCommit.inFlight,
      });
      await grouped.count();
      await compare(
        'Postgres: creates committed per second',
        () =>
          closedLoop(
            () => grouped.create(order()),
            () => postgres.pids(),
          ),
        () =>
          closedLoop(
            () => single.create(order()),
            () => postgres.pids(),
          ),
        ['group commit (multi-row INSERT per batch)', 'one INSERT per order'],
      );
      const limiter = new RedisRateLimiter(connection);
      const quota = new RedisQuota(connection);
      const redisPids = () => [redis.pid()].filter((pid): pid is number => pid !== undefined);
      await compare(
        'Redis: a create’s limit checks per second',
        () =>
          closedLoop(async () => {
            const key = `key_${++sequence % 100}`;
            await limiter.hit(key, 1e9, Date.now());
            await quota.tryReserve(key, 1e9, Date.now());
          }, redisPids),
        () =>
          closedLoop(async () => {
            await connection.check();
            await connection.check();
          }, redisPids),
        ['rpm hit + quota reserve (two scripts)', 'two PINGs'],
      );
    } finally {
      await Promise.all([db.close(), connection.close()]);
      await Promise.all([postgres.destroy(), redis.destroy()]);
    }
  },
};
