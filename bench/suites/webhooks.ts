// `npm run bench -- webhooks`: webhook delivery from the production server (spawned, embedded
// stores) to a receiver on 127.0.0.1 in this process. Figures: deliveries per second while orders
// are created, against the rate the same receiver takes bare POSTs from this process in the same
// run (the baseline), and the p99 from each 201 to the first attempt at its event (target ≤ 1 s).
import { request } from 'node:http';
import { fixtureKeys, fixtureWorld } from '../../harness/fixture-world.ts';
import { writeFixtureWorkspace } from '../../harness/fixture-workspace.ts';
import { killServer, spawnServer } from '../../harness/spawn-server.ts';
import { startReceiver } from '../../harness/webhook-receiver.ts';
import type { BenchSuite } from '../run.ts';

const orders = Number(process.env.BENCH_WEBHOOK_ORDERS ?? 2_000);
const concurrency = 32;
const auth = { authorization: `Bearer ${fixtureKeys.hooks}` };

/** The p-th percentile of `values` (nearest rank). */
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;

/** Bare POSTs per second from this process to a receiver: the baseline. */
async function barePostsPerSecond(url: string, count: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const post = () =>
    new Promise<void>((done, fail) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', done);
      });
      req.on('error', fail);
      req.end('{"id":"evt_bare"}');
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) await post();
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** `npm run bench -- webhooks`. */
export const suite: BenchSuite = {
  name: 'webhook delivery: deliveries per second and 201 → first attempt',
  async run() {
    const firstSeen = new Map<string, number>();
    const receiver = await startReceiver((_n, got) => {
      const id = String(got.headers['webhook-id'] ?? '');
      if (id && !firstSeen.has(id)) firstSeen.set(id, performance.now());
      return { status: 204 };
    });
    const files = await writeFixtureWorkspace(fixtureWorld);
    const server = await spawnServer(files);
    try {
      const baseline = await barePostsPerSecond(receiver.url, orders);
      firstSeen.clear();
      const hook = await fetch(`${server.baseUrl}/v2/webhooks`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, enabled_events: ['order.created'] }),
      });
      if (hook.status !== 201) throw new Error(`registering the endpoint: ${hook.status}`);
      const acknowledged = new Map<string, number>();
      const started = performance.now();
      let sent = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (sent++ < orders) {
            const res = await fetch(`${server.baseUrl}/v2/orders`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: '{"customer":"cus_acme","lines":[{"sku":"sku_widget","qty":1}]}',
            });
            const body = (await res.json()) as { id?: string };
            if (res.status === 201 && body.id) acknowledged.set(`evt_${body.id.slice(4)}`, performance.now());
          }
        }),
      );
      const deadline = performance.now() + 60_000;
      while (firstSeen.size < acknowledged.size && performance.now() < deadline)
        await new Promise((done) => setTimeout(done, 10));
      const last = Math.max(...firstSeen.values());
      const rate = firstSeen.size / ((last - started) / 1000);
      const lags = [...acknowledged].flatMap(([id, at]) => {
        const seen = firstSeen.get(id);
        return seen === undefined ? [] : [seen - at];
      });
      console.log('| Figure | Value |');
      console.log('| --- | --- |');
      console.log(`| Orders created (201) | ${acknowledged.size} |`);
      console.log(`| Events delivered | ${firstSeen.size} |`);
      console.log(`| Deliveries per second (while creating) | ${rate.toFixed(0)} |`);
      console.log(`| Bare POSTs per second to the same receiver (baseline) | ${baseline.toFixed(0)} |`);
      console.log(`| Ratio to the baseline | ${((rate / baseline) * 100).toFixed(0)}% |`);
      console.log(`| 201 → first attempt, p50 | ${percentile(lags, 50).toFixed(1)} ms |`);
      console.log(`| 201 → first attempt, p99 (target ≤ 1000 ms) | ${percentile(lags, 99).toFixed(1)} ms |`);
    } finally {
      await killServer(server, 'SIGTERM');
      await receiver.close();
    }
  },
};
