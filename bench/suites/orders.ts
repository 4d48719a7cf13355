// POST /v2/orders on the production server (full contract, fsynced journal) against a bare
// node:http server that only parses JSON and validates by hand, measured in the same run with
// autocannon (50 connections). The production server reads a copy of the workspace with this
// tree's views (bench/workspace-copy.ts) and gets a benchmark key issued into its own issued-keys
// file with a huge rpm budget and quota, so the contract runs in full but never 429s.
//
// On a shared VM one server process can run 10-20% faster or slower than an identical one for its
// whole life (where V8 placed and optimised its code, which core it shares), and the host's speed
// drifts within a minute. So each round starts a fresh pair of processes, measures them back to
// back (alternating which goes first), and the ratio reported is the median of the rounds' ratios.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sha256Hex } from '../../src/api/orders/auth.ts';
import { defaultDataFile } from '../../src/lib/data-file.ts';
import { openWorkspace } from '../../src/lib/db.ts';
import { appendIssuedKeysLines } from '../../src/lib/issued-keys-file.ts';
import type { ServerFiles } from '../../tests/server/fixture-workspace.ts';
import { killServer, spawnListening, spawnServer } from '../../tests/server/spawn.ts';
import { median, processCpuMs, processRssMb } from '../process-stats.ts';
import type { BenchSuite } from '../run.ts';
import { benchServerFiles } from '../workspace-copy.ts';

/** The benchmark key's material (a test-mode key of its own issued-keys file). */
export const benchKey = 'sk_test_BenchBenchBenchBenchBench';
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const durationS = Number(process.env.BENCH_SECONDS ?? 3);
const warmupS = 1.5;

const bareServer = `
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

/** One server's figures for one round. */
interface Round {
  rps: number;
  p99: number;
  /** Server CPU per request (all its threads, user + system), in µs; NaN off Linux. */
  cpuUs: number;
  /** Resident memory at the end of the round (the production server holds its order index). */
  rssMb: number;
  failed: number;
}

/** A server to load: where it answers, and its process. */
interface Target {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

async function load(url: string, body: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'POST',
    connections: 50,
    duration: seconds,
    headers: { authorization: `Bearer ${benchKey}`, 'content-type': 'application/json' },
    body,
  });
}

/** Starts a server, warms it up, measures one round, and stops it. */
async function measure(start: () => Promise<Target>, body: string): Promise<Round> {
  const target = await start();
  try {
    await load(target.url, body, warmupS);
    const before = processCpuMs(target.pid);
    const result = await load(target.url, body, durationS);
    const after = processCpuMs(target.pid);
    const rssMb = processRssMb(target.pid);
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      cpuUs: before === null || after === null ? NaN : ((after - before) * 1000) / result.requests.total,
      rssMb,
      failed: result.non2xx + result.errors,
    };
  } finally {
    await target.stop();
  }
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** A customer and two skus of a workspace, read-only: the order every request sends. */
async function orderBody(dataFile: string): Promise<string> {
  const db = await openWorkspace(dataFile);
  try {
    const [customer] = await db.query<{ id: string }>(
      'select customer_id as id from customers order by 1 limit 1',
    );
    const skus = await db.query<{ sku: string }>('select sku from skus order by 1 limit 2');
    if (!customer || skus.length < 2) throw new Error(`${dataFile} has no customers or skus to order`);
    return JSON.stringify({
      customer: customer.id,
      lines: skus.map(({ sku }, i) => ({ sku, qty: 2 - i })),
    });
  } finally {
    db.close();
  }
}

/** A copy of the workspace with this tree's views, and the benchmark's unthrottled key. */
export async function benchFiles(): Promise<{ files: ServerFiles; body: string }> {
  const files = await benchServerFiles(defaultDataFile(), 'bench/results');
  appendIssuedKeysLines(files.issuedKeysFile, [
    {
      event: 'issued',
      key_id: 'key_bench',
      name: 'benchmark (Internal, unthrottled)',
      environment: 'sandbox',
      status: 'active',
      plan: 'Internal',
      rpm_budget: 1_000_000_000,
      scopes: ['orders:write', 'orders:read'],
      created_at: new Date().toISOString(),
      expires_at: null,
      key_hash_sha256: await sha256Hex(benchKey),
      key_prefix: 'sk_test',
      key_last4: benchKey.slice(-4),
      quota_orders_per_month: 1_000_000_000,
    },
  ]);
  return { files, body: await orderBody(files.dataFile) };
}

/** A server the suite measures against bare node:http: its row name and how to start it in a round. */
interface Contender {
  name: string;
  start(round: number): Promise<Target>;
}

/** Prints one contender's rounds against bare's, and its medians. */
function report(name: string, ours: Round[], base: Round[]): void {
  const ratios = ours.map((r, i) => r.rps / (base[i] as Round).rps);
  console.log(`\n${name}`);
  console.log(
    '| round | req/s | bare req/s | ratio | p99 ms | p99 ms bare | CPU µs/req | CPU µs/req bare | RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  ours.forEach((r, i) => {
    const b = base[i] as Round;
    console.log(
      `| ${i + 1} | ${Math.round(r.rps)} | ${Math.round(b.rps)} | ${pct(ratios[i] as number)} | ${r.p99} | ${b.p99} | ${r.cpuUs.toFixed(1)} | ${b.cpuUs.toFixed(1)} | ${r.rssMb.toFixed(0)} |`,
    );
  });
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `${name}: ratio ${pct(median(ratios))} of bare, median of ${ours.length} rounds (range ${pct(sorted[0] as number)}-${pct(sorted.at(-1) as number)}; target >= 50%); p99 ${median(ours.map((r) => r.p99))} ms median, ${Math.max(...ours.map((r) => r.p99))} ms worst (target <= 15 ms); CPU ${median(ours.map((r) => r.cpuUs)).toFixed(1)} µs/req vs bare ${median(base.map((r) => r.cpuUs)).toFixed(1)}`,
  );
}

/** The Orders API throughput suite. */
export const suite: BenchSuite = {
  name: 'orders: POST /v2/orders, production server (request log on and off) vs bare node:http',
  async run() {
    const { files, body } = await benchFiles();
    // Each production server gets a journal and a request log of its own, so none replays another's.
    const production = (name: string, log: 'on' | 'off'): Contender => ({
      name,
      async start(round) {
        const dir = join(files.dir, `${log}-${round}`);
        const server = await spawnServer(
          { ...files, ordersDir: join(dir, 'orders') },
          { env: { ESTATE_REQUEST_LOG: log, ESTATE_REQUEST_LOG_DIR: join(dir, 'requests') } },
        );
        return { url: `${server.baseUrl}/v2/orders`, pid: server.child.pid, stop: () => killServer(server) };
      },
    });
    const bare = async (): Promise<Target> => {
      const server = await spawnListening(
        ['--input-type=module', '-e', bareServer],
        {},
        /(http:\/\/\S+)\/v2\/orders/,
      );
      return {
        url: `${server.url}/v2/orders`,
        pid: server.child.pid,
        stop: () => killServer(server),
      };
    };
    const contenders = [
      production('production, request log on (npm start)', 'on'),
      production('production, request log off', 'off'),
    ];
    const ours = contenders.map(() => [] as Round[]);
    const base: Round[] = [];
    try {
      // Each round measures bare and every contender back to back, starting at a different place.
      for (let round = 0; round < rounds; round++) {
        const order = [-1, ...contenders.keys()];
        const shift = round % order.length;
        for (const at of [...order.slice(shift), ...order.slice(0, shift)]) {
          if (at < 0) base.push(await measure(bare, body));
          else
            (ours[at] as Round[]).push(await measure(() => (contenders[at] as Contender).start(round), body));
        }
      }
    } finally {
      rmSync(files.dir, { recursive: true, force: true });
    }
    contenders.forEach((c, i) => report(c.name, ours[i] as Round[], base));
    const on = ours[0] as Round[];
    const off = ours[1] as Round[];
    console.log(
      `\nrequest log cost: log on runs at ${pct(median(on.map((r, i) => r.rps / (off[i] as Round).rps)))} of log off (median of rounds), CPU +${(median(on.map((r) => r.cpuUs)) - median(off.map((r) => r.cpuUs))).toFixed(1)} µs/req`,
    );
    const failed = [...ours.flat(), ...base].reduce((sum, r) => sum + r.failed, 0);
    if (failed > 0)
      console.log(`\n${failed} requests failed or were not 2xx: the figures above are not valid`);
  },
};
