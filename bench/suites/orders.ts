// POST /v2/orders against a bare node:http server that only parses JSON and validates by hand,
// measured in the same run with autocannon (50 connections): the production server on its embedded
// stores (full contract, fsynced journal) with its request log on (as npm start runs) and off, and
// on Postgres + Redis with one and with two workers (throwaway engines, fsync on, started here;
// skipped with the reason when they are not installed). Every production server but one has a
// webhook endpoint subscribed to order.created, delivering to a receiver in a process of its own;
// after each load the round waits until every 201's event has been delivered, and reports how long
// that took (deliveries wait out a burst: docs/events.md, "Delivery and the API"; one embedded row
// sends them at once, as before that). The rows with no endpoint measure the request path and its
// stores alone. BENCH_ROWS picks rows by parts of their names (`|` between parts); bare always runs.
// The production server reads a copy of the workspace with this tree's views
// (bench/workspace-copy.ts) and gets a benchmark key issued into its own issued-keys file with a
// huge rpm budget and quota, so the contract runs in full but never 429s.
//
// On a shared VM one server process can run 10-20% faster or slower than an identical one for its
// whole life (where V8 placed and optimised its code, which core it shares), and the host's speed
// drifts within a minute. So each round starts fresh processes, measures them back to back
// (rotating which goes first), and each ratio reported is the median of the rounds' ratios.
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { sha256Hex } from '../../src/api/orders/auth.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace } from '../../src/node/db.ts';
import { appendIssuedKeysLines } from '../../src/node/issued-keys-file.ts';
import type { ServerFiles } from '../../harness/fixture-workspace.ts';
import {
  bare,
  embedded,
  onEngines,
  startBenchEngines,
  startBenchReceiver,
  type BenchReceiver,
  type TargetKind,
} from '../orders-targets.ts';
import { cpuByPid, cpuSince, median, processRssMb } from '../process-stats.ts';
import type { BenchSuite } from '../run.ts';
import { benchServerFiles } from '../workspace-copy.ts';

/** The benchmark key's material (a test-mode key of its own issued-keys file). */
export const benchKey = 'sk_test_BenchBenchBenchBenchBench';
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const durationS = Number(process.env.BENCH_SECONDS ?? 3);
const warmupS = 1.5;

/** One server's figures for one round. */
interface Round {
  rps: number;
  p99: number;
  /** Server CPU per request (all its processes and threads, user + system), in µs; NaN off Linux. */
  cpuUs: number;
  /** The engines' CPU per request (Postgres's processes, Redis), in µs; 0 without engines. */
  engineCpuUs: number;
  /** Resident memory at the end of the round (the production server holds its order index). */
  rssMb: number;
  /** Webhook deliveries per second to the subscribed endpoint while loaded (0 for bare). */
  deliveriesPerS: number;
  /** Seconds from the end of the load until every 201's event was delivered (0 for bare). */
  drainS: number;
  /** Server CPU per order from the warm-up until all was delivered (every delivery included), in µs. */
  cpuAllInUs: number;
  failed: number;
  /** Answers that were not 201, by status (and `errors` for connection errors). */
  refused: Record<string, number>;
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

/** The answers of a load that were not 201, by status, plus connection errors. */
function refusedByStatus(result: autocannon.Result): Record<string, number> {
  const refused: Record<string, number> = {};
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {}))
    if (status !== '201' && count > 0) refused[status] = count;
  if (result.errors > 0) refused.errors = result.errors;
  return refused;
}

/** Seconds until the receiver has counted `total` deliveries (Infinity after a minute). */
async function drained(receiver: BenchReceiver, total: number): Promise<number> {
  const started = performance.now();
  while ((await receiver.deliveries()) < total) {
    if (performance.now() - started > 60_000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (performance.now() - started) / 1000;
}

/** Subscribes an endpoint at `receiver` to order.created on the server at `ordersUrl`. */
async function subscribe(ordersUrl: string, receiver: BenchReceiver): Promise<void> {
  const hooks = ordersUrl.replace(/\/orders$/, '/webhooks');
  const response = await fetch(hooks, {
    method: 'POST',
    headers: { authorization: `Bearer ${benchKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, enabled_events: ['order.created'] }),
  });
  if (response.status !== 201) throw new Error(`${hooks}: ${response.status} ${await response.text()}`);
}

/**
 * Starts a server, warms it up, measures one round, and stops it. A production server has an
 * endpoint subscribed to order.created (issue 24: delivery must not slow the API) unless its kind
 * says `noEndpoint` (issue 22: the request path and its key store alone).
 */
async function measure(
  kind: TargetKind,
  round: number,
  body: string,
  receiver: BenchReceiver,
): Promise<Round> {
  const target = await kind.start(round);
  const subscribed = kind !== bare && kind.noEndpoint !== true;
  try {
    if (subscribed) await subscribe(target.url, receiver);
    const first = await receiver.deliveries();
    const cpuStart = cpuByPid(target.pids());
    const warmup = await load(target.url, body, warmupS);
    const before = [cpuByPid(target.pids()), cpuByPid(target.enginePids())] as const;
    const delivered = await receiver.deliveries();
    const result = await load(target.url, body, durationS);
    const used = [cpuSince(before[0], target.pids()), cpuSince(before[1], target.enginePids())];
    const deliveriesPerS = ((await receiver.deliveries()) - delivered) / durationS;
    const created = warmup['2xx'] + result['2xx'];
    const drainS = subscribed ? await drained(receiver, first + created) : 0;
    const allIn = cpuSince(cpuStart, target.pids());
    const cpuAllInUs = allIn === null ? NaN : (allIn * 1000) / created;
    const perRequest = (i: number) => {
      const ms = used[i];
      return ms === null || ms === undefined ? NaN : (ms * 1000) / result.requests.total;
    };
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      cpuUs: perRequest(0),
      engineCpuUs: perRequest(1),
      rssMb: target.pids().reduce((sum, pid) => sum + processRssMb(pid), 0),
      deliveriesPerS,
      drainS,
      cpuAllInUs,
      failed: result.non2xx + result.errors,
      refused: refusedByStatus(result),
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
      scopes: ['orders:write', 'orders:read', 'webhooks:write'],
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

/**
 * The figures a row must reach on this 2-core machine (docs/benchmarks-2026-11.md): issue 22's on
 * the key store's cost (no endpoint), issue 24's with an endpoint subscribed, issue 21's on engines.
 */
const targets: Record<string, { ratio: number; p99: number }> = {
  'server, embedded stores': { ratio: 0.5, p99: 15 },
  'server, embedded stores, no endpoint': { ratio: 0.5, p99: 15 },
  'server, Postgres + Redis, 1 worker, no endpoint': { ratio: 0.25, p99: 25 },
};

/** BENCH_ROWS: the rows to run, by parts of their names separated by `|` (names hold commas). */
const only = (process.env.BENCH_ROWS ?? '')
  .split('|')
  .map((part) => part.trim())
  .filter(Boolean);
const chosen = (kind: TargetKind) =>
  kind === bare || only.length === 0 || only.some((part) => kind.name.includes(part));

/** Prints each round's req/s, then one row per server with medians over the rounds. */
function report(kinds: TargetKind[], results: Round[][]): void {
  const [base] = results;
  if (base === undefined) return;
  console.log(`| round | ${kinds.map((k) => `${k.name} req/s`).join(' | ')} |`);
  console.log(`|---|${kinds.map(() => '---|').join('')}`);
  base.forEach((_, i) =>
    console.log(`| ${i + 1} | ${results.map((r) => Math.round(r[i]?.rps ?? NaN)).join(' | ')} |`),
  );
  console.log(
    `\n| server | req/s | ratio to bare (range) | p99 ms (worst round) | CPU µs/req server | CPU µs/req engines | RSS MB | deliveries/s | all delivered after s | CPU µs/order, delivery included | target |`,
  );
  console.log(`|${'---|'.repeat(11)}`);
  kinds.forEach((kind, k) => {
    const rows = results[k] ?? [];
    const ratios = rows.map((r, i) => r.rps / (base[i]?.rps ?? NaN)).sort((a, b) => a - b);
    const col = (pick: (r: Round) => number, digits = 0) => median(rows.map(pick)).toFixed(digits);
    const target = targets[kind.name];
    const verdict = target
      ? `>= ${pct(target.ratio)}, p99 <= ${target.p99} ms: ${median(ratios) >= target.ratio && median(rows.map((r) => r.p99)) <= target.p99 ? 'met' : 'NOT met'}`
      : '';
    console.log(
      `| ${kind.name} | ${col((r) => r.rps)} | ${pct(median(ratios))} (${pct(ratios[0] ?? NaN)}-${pct(ratios.at(-1) ?? NaN)}) | ${col((r) => r.p99)} (${Math.max(...rows.map((r) => r.p99))}) | ${col((r) => r.cpuUs, 1)} | ${col((r) => r.engineCpuUs, 1)} | ${col((r) => r.rssMb)} | ${col((r) => r.deliveriesPerS)} | ${col((r) => r.drainS, 1)} | ${col((r) => r.cpuAllInUs, 1)} | ${verdict} |`,
    );
  });
  const failed = results.flat().reduce((sum, r) => sum + r.failed, 0);
  if (failed === 0) return;
  console.log(`\n${failed} requests failed or were not 2xx: the figures above are not valid`);
  kinds.forEach((kind, k) => {
    const refused = (results[k] ?? []).map((r) => JSON.stringify(r.refused)).filter((r) => r !== '{}');
    if (refused.length > 0) console.log(`- ${kind.name}: ${refused.join(', ')}`);
  });
}

/** The Orders API throughput suite. */
export const suite: BenchSuite = {
  name: 'orders: POST /v2/orders, production server (embedded: log on and off, no endpoint, deliveries not held; Postgres + Redis, 1 worker with and without an endpoint, 2 workers) vs bare node:http',
  async run() {
    const { files, body } = await benchFiles();
    const engines = await startBenchEngines();
    const receiver = await startBenchReceiver();
    const kinds = [
      bare,
      embedded(files),
      embedded(files, { endpoint: false }),
      embedded(files, { hold: false }),
      embedded(files, { log: 'off' }),
    ];
    if (typeof engines === 'string') console.log(`Postgres + Redis rows skipped: ${engines}.\n`);
    else
      kinds.push(
        onEngines(files, engines, 1),
        onEngines(files, engines, 1, { endpoint: false }),
        onEngines(files, engines, 2),
      );
    kinds.splice(0, kinds.length, ...kinds.filter(chosen));
    const results: Round[][] = kinds.map(() => []);
    try {
      for (let round = 0; round < rounds; round++) {
        // Rotate which server goes first, so none always runs on a cold or a tired machine.
        for (let j = 0; j < kinds.length; j++) {
          const k = (round + j) % kinds.length;
          results[k]?.push(await measure(kinds[k] as TargetKind, round, body, receiver));
        }
      }
    } finally {
      if (typeof engines !== 'string') await engines.close();
      await receiver.stop();
      rmSync(files.dir, { recursive: true, force: true });
    }
    report(kinds, results);
  },
};
