// POST /v2/orders on the production server (full contract, fsynced journal) against a bare
// node:http server that only parses JSON and validates by hand, measured in the same run with
// autocannon (50 connections). The production server gets a benchmark key issued into its own
// issued-keys file with a huge rpm budget and quota, so the contract runs in full but never 429s.
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { appendIssuedKey } from '../../server/issued-keys.ts';
import { sha256Hex } from '../../src/api/orders/auth.ts';
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld } from '../../simulator/world/index.ts';
import { writeFixtureWorkspace } from '../../tests/server/fixture-workspace.ts';
import { spawnListening, spawnServer } from '../../tests/server/spawn.ts';
import type { BenchSuite } from '../run.ts';

const benchKey = 'sk_test_BenchBenchBenchBenchBench';
const durationS = Number(process.env.BENCH_SECONDS ?? 5);

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

/** The Orders API throughput suite. */
export const suite: BenchSuite = {
  name: 'orders: POST /v2/orders, production server vs bare node:http',
  async run() {
    const world = buildWorld(defaultConfig);
    const files = await writeFixtureWorkspace(world, 'bench/results');
    appendIssuedKey(files.issuedKeysFile, {
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
    });
    const body = JSON.stringify({
      customer: world.customers[0]?.customer_id,
      lines: [
        { sku: world.skus[0]?.sku, qty: 2 },
        { sku: world.skus[1]?.sku, qty: 1 },
      ],
    });
    const api = await spawnServer(files);
    const bare = await spawnListening(
      ['--input-type=module', '-e', bareServer],
      {},
      /(http:\/\/\S+)\/v2\/orders/,
    );
    const apiUrl = `${api.baseUrl}/v2/orders`;
    const bareUrl = `${bare.url}/v2/orders`;
    try {
      await load(apiUrl, body, 2);
      await load(bareUrl, body, 2);
      // Alternate the two servers over three rounds and keep each one's median round, so a
      // burst of load from other processes on the machine does not decide the ratio.
      const oursRounds: autocannon.Result[] = [];
      const baseRounds: autocannon.Result[] = [];
      for (let round = 0; round < 3; round++) {
        oursRounds.push(await load(apiUrl, body, durationS));
        baseRounds.push(await load(bareUrl, body, durationS));
      }
      const median = (rounds: autocannon.Result[]) =>
        [...rounds].sort((a, b) => a.requests.average - b.requests.average)[1] as autocannon.Result;
      const ours = median(oursRounds);
      const base = median(baseRounds);
      console.log(
        `rounds (req/s): production ${oursRounds.map((r) => Math.round(r.requests.average)).join(', ')}; bare ${baseRounds.map((r) => Math.round(r.requests.average)).join(', ')}`,
      );
      const row = (name: string, r: autocannon.Result) =>
        `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r['2xx']} | ${r.non2xx + r.errors} |`;
      console.log('| server | req/s | p50 ms | p99 ms | 2xx | other |');
      console.log('|---|---|---|---|---|---|');
      console.log(row('production (/v2 fast path, full contract, fsync)', ours));
      console.log(row('bare node:http (JSON.parse + hand validation)', base));
      const ratio = ours.requests.average / base.requests.average;
      console.log(
        `\nratio ${(ratio * 100).toFixed(1)}% of bare (target >= 50%), p99 ${ours.latency.p99} ms (target <= 15 ms)`,
      );
    } finally {
      api.child.kill('SIGTERM');
      bare.child.kill('SIGTERM');
      rmSync(files.dir, { recursive: true, force: true });
    }
  },
};
